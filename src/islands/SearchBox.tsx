import { useEffect, useRef, useState, type FormEvent } from 'react';
import { api, ApiAborted } from '#/client/api.ts';
import { SEARCH_SUGGEST_DELAY_MS } from '#/lib/constants.ts';
import {
  rememberSearch,
  rememberedSearch,
  SEARCH_TYPES,
  searchHref,
  type SearchType,
} from '#/stores/search.ts';

interface Suggestion {
  id: number;
  name: string;
  sccj: string;
  ypgg: string;
}
type State = { kind: 'closed' } | { kind: 'loading' } | { kind: 'done'; rows: Suggestion[] };

interface Props {
  keyword: string;
  type: SearchType;
}

/** Header search: drug/manufacturer toggle, suggestions after 500 ms of idle typing. */
export default function SearchBox(props: Props) {
  const [keyword, setKeyword] = useState(props.keyword);
  const [type, setType] = useState<SearchType>(props.type);
  const [state, setState] = useState<State>({ kind: 'closed' });
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  // Only the newest keystroke's answer may change the dropdown.
  const seq = useRef(0);

  useEffect(() => {
    // The results page keeps showing what was searched, even when its URL lost the keyword; a
    // search opened by a link (the hot words) is remembered here.
    if (location.pathname.startsWith('/search')) {
      if (props.keyword) rememberSearch(props.keyword, props.type);
      else {
        const saved = rememberedSearch();
        setKeyword(saved.keyword);
        setType(saved.type);
      }
    }
    return () => clearTimeout(timer.current);
  }, [props.keyword, props.type]);

  const suggest = (value: string, t: SearchType) => {
    clearTimeout(timer.current);
    const mine = ++seq.current;
    const k = value.trim();
    if (!k) {
      setState({ kind: 'closed' });
      return;
    }
    timer.current = setTimeout(async () => {
      setState({ kind: 'loading' });
      try {
        const res = await api.get<{ data?: Suggestion[] }>(
          '/api/goods/search',
          { keywords: k, type: t },
          { silent: true },
        );
        if (mine === seq.current)
          setState({ kind: 'done', rows: Array.isArray(res.data) ? res.data.slice(0, 10) : [] });
      } catch (error) {
        if (!(error instanceof ApiAborted) && mine === seq.current)
          setState({ kind: 'done', rows: [] });
      }
    }, SEARCH_SUGGEST_DELAY_MS);
  };

  const go = (value: string, t: SearchType) => {
    const href = searchHref(value, t);
    if (!href) return;
    rememberSearch(value, t);
    location.assign(href);
  };

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    go(keyword, type);
  };

  return (
    <div className="relative">
      <div className="flex gap-1 text-xs" role="radiogroup" aria-label="搜索类型">
        {SEARCH_TYPES.map((o) => (
          <button
            key={o.type}
            type="button"
            role="radio"
            aria-checked={type === o.type}
            className={`px-3 py-1 ${type === o.type ? 'bg-brand-500 text-white' : 'text-gray-600 hover:text-brand-600'}`}
            onClick={() => {
              setType(o.type);
              suggest(keyword, o.type);
            }}
          >
            {o.label}
          </button>
        ))}
      </div>
      <form action="/search" method="get" role="search" className="flex" onSubmit={onSubmit}>
        <input type="hidden" name="type" value={type} />
        <input
          name="keywords"
          value={keyword}
          maxLength={50}
          autoComplete="off"
          aria-label="搜索关键词"
          placeholder={
            type === 1 ? '药品名称 / 拼音首字母 / 批准文号' : '生产厂家名称 / 拼音首字母'
          }
          className="flex-1 border-2 border-brand-500 px-3 py-2 outline-none"
          onChange={(e) => {
            setKeyword(e.target.value);
            suggest(e.target.value, type);
          }}
          onBlur={() => setTimeout(() => setState({ kind: 'closed' }), 150)}
        />
        <button className="bg-brand-500 px-6 text-white hover:bg-brand-600">搜索</button>
      </form>
      {state.kind !== 'closed' && (
        <ul
          data-testid="search-suggestions"
          className="absolute left-0 right-16 top-full z-50 border border-gray-200 bg-white text-sm shadow-lg"
        >
          {state.kind === 'loading' && <li className="px-3 py-2 text-gray-500">搜索中…</li>}
          {state.kind === 'done' && state.rows.length === 0 && (
            <li className="px-3 py-2 text-gray-500">暂无数据</li>
          )}
          {state.kind === 'done' &&
            state.rows.map((s) => (
              <li key={s.id}>
                <button
                  type="button"
                  className="flex w-full justify-between gap-3 px-3 py-2 text-left hover:bg-brand-50"
                  onMouseDown={(e) => e.preventDefault()}
                  onClick={() => {
                    const v = type === 2 ? s.sccj : s.name;
                    setKeyword(v);
                    go(v, type);
                  }}
                >
                  <span className="truncate">
                    {type === 2 ? s.sccj : s.name} <span className="text-gray-400">{s.ypgg}</span>
                  </span>
                  {type === 1 && (
                    <span className="shrink-0 truncate text-xs text-gray-400">{s.sccj}</span>
                  )}
                </button>
              </li>
            ))}
        </ul>
      )}
    </div>
  );
}
