// 意见反馈: posts to POST /api/user/feedback (content 5-1000 characters, optional contact), then
// reloads so the new entry shows in the list below the form.
import { useState, type FormEvent } from 'react';
import { api } from '#/client/api.ts';
import { toast } from '#/stores/notice.ts';
import { Field, PrimaryButton, TextInput, attempt, type Errors } from '#/islands/members/ui.tsx';

export default function FeedbackForm() {
  const [content, setContent] = useState('');
  const [contact, setContact] = useState('');
  const [errors, setErrors] = useState<Errors<'content'>>({});
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const text = content.trim();
    const next = { content: text.length < 5 ? '反馈内容至少5个字' : null };
    setErrors(next);
    if (next.content) return;
    if (
      !(await attempt(setBusy, () =>
        api.post('/api/user/feedback', { content: text, contact: contact.trim() }),
      ))
    )
      return;
    toast('感谢您的反馈', 'success');
    setTimeout(() => location.reload(), 600);
  };

  return (
    <form onSubmit={submit} noValidate className="max-w-xl" data-testid="feedback-form">
      <Field label="反馈内容" error={errors.content} hint="5-1000个字">
        <textarea
          name="content"
          value={content}
          onChange={(e) => setContent(e.target.value)}
          maxLength={1000}
          rows={5}
          aria-invalid={Boolean(errors.content) || undefined}
          className={`w-full rounded border px-3 py-2 outline-none focus:border-brand-500 ${errors.content ? 'border-red-400' : 'border-gray-300'}`}
        />
      </Field>
      <Field label="联系方式" hint="选填：手机、QQ或邮箱">
        <TextInput
          name="contact"
          value={contact}
          onChange={(e) => setContact(e.target.value)}
          maxLength={50}
        />
      </Field>
      <div className="pl-[7.75rem]">
        <PrimaryButton busy={busy}>提交反馈</PrimaryButton>
      </div>
    </form>
  );
}
