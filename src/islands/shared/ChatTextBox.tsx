// The chat's text box, one for the buyer's panel and the service desk: Enter sends, Shift+Enter
// starts a new line, the Enter that confirms an input method's word sends nothing, blank text is
// not sent. Disabled until hydrated, so an early Enter never submits the form natively.
import { useState } from 'react';
import { CHAT_TEXT_MAX } from '#/lib/chat.ts';
import { useHydrated } from '#/islands/members/ui.tsx';

export function ChatTextBox(props: {
  id: string;
  /** the box's accessible name */
  label: string;
  placeholder: string;
  rows: number;
  className?: string;
  onSend: (text: string) => void;
}) {
  const [text, setText] = useState('');
  const hydrated = useHydrated();
  const submit = () => {
    if (!text.trim()) return;
    props.onSend(text);
    setText('');
  };
  return (
    <form
      className={`flex gap-2 ${props.className ?? ''}`}
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <fieldset disabled={!hydrated} className="contents">
        <label className="sr-only" htmlFor={props.id}>
          {props.label}
        </label>
        <textarea
          id={props.id}
          rows={props.rows}
          maxLength={CHAT_TEXT_MAX}
          value={text}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
              e.preventDefault();
              submit();
            }
          }}
          placeholder={props.placeholder}
          className="flex-1 resize-none rounded border border-gray-300 px-2 py-1 text-sm"
        />
        <button
          type="submit"
          className="self-end rounded bg-brand-600 px-4 py-1.5 text-sm text-white hover:bg-brand-700"
        >
          发送
        </button>
      </fieldset>
    </form>
  );
}
