import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { readForm, parseQueryString } from '#/server/http/form.ts';
import { idList, pageParam, parseWith } from '#/server/http/validate.ts';
import { DomainError } from '#/server/errors.ts';

const formRequest = (body: string, type = 'application/x-www-form-urlencoded') =>
  new Request('http://x/api', { method: 'POST', body, headers: { 'content-type': type } });

describe('readForm', () => {
  it('parses qs brackets into nested lines', async () => {
    const body = await readForm(
      formRequest('params[0][goods_id]=1&params[0][number]=10&params[1][goods_id]=2'),
    );
    expect(body).toEqual({ params: [{ goods_id: '1', number: '10' }, { goods_id: '2' }] });
  });

  it('caps depth so hostile nesting stays a string', async () => {
    const body = await readForm(formRequest('a[b][c][d][e][f][g][h]=1'));
    const flat = JSON.stringify(body);
    expect(flat).toContain('[g][h]');
  });

  it('ignores __proto__ keys', async () => {
    const body = await readForm(formRequest('__proto__[polluted]=1&x=2'));
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
    expect(body['x']).toBe('2');
  });

  it('accepts bodies far longer than a URL, such as hundreds of cart lines', async () => {
    const lines = Array.from(
      { length: 300 },
      (_, i) => `params[${i}][goods_id]=${i + 1}&params[${i}][number]=10`,
    ).join('&');
    const body = await readForm(formRequest(lines));
    expect((body['params'] as unknown[]).length).toBe(300);
  });

  it('refuses bodies over the limit with 413', async () => {
    await expect(readForm(formRequest('a=' + 'x'.repeat(300_000)))).rejects.toMatchObject({
      code: 'TOO_LARGE',
    });
  });

  it('reads JSON and rejects malformed JSON with 400', async () => {
    expect(await readForm(formRequest('{"a":1}', 'application/json'))).toEqual({ a: 1 });
    await expect(readForm(formRequest('{a', 'application/json'))).rejects.toMatchObject({
      code: 'BAD_REQUEST',
    });
  });
});

describe('parseWith', () => {
  it('throws 422 whose message is the first message of the first failing field', () => {
    const schema = z.object({
      phone: z.string().min(11, '请输入正确的手机号码'),
      name: z.string().min(1, '请输入姓名'),
    });
    try {
      parseWith(schema, { phone: '1', name: '' });
      expect.unreachable();
    } catch (e) {
      expect(e).toBeInstanceOf(DomainError);
      const err = e as DomainError;
      expect(err.code).toBe('INVALID');
      expect(err.message).toBe('请输入正确的手机号码');
      expect(err.fields).toEqual({ phone: ['请输入正确的手机号码'], name: ['请输入姓名'] });
    }
  });

  it('coerces paging and id lists from query strings', () => {
    expect(parseWith(z.object({ page: pageParam }), parseQueryString('page=3'))).toEqual({
      page: 3,
    });
    expect(parseWith(z.object({ page: pageParam }), {})).toEqual({ page: 1 });
    expect(() => parseWith(z.object({ page: pageParam }), { page: '-1' })).toThrow(DomainError);
    expect(parseWith(z.object({ ids: idList() }), parseQueryString('ids[]=1&ids[]=2'))).toEqual({
      ids: [1, 2],
    });
    expect(parseWith(z.object({ ids: idList() }), { ids: '3,4' })).toEqual({ ids: [3, 4] });
    expect(() => parseWith(z.object({ ids: idList() }), { ids: 'x' })).toThrow(DomainError);
  });
});
