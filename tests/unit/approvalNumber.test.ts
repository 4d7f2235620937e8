import { describe, expect, it } from 'vitest';
import { approvalNumberProblem } from '#/lib/approvalNumber.ts';

describe('approval numbers by drug class', () => {
  it('accepts the formats of each class', () => {
    const ok: [Parameters<typeof approvalNumberProblem>[0], string][] = [
      ['rx', '国药准字H20013035'],
      ['otc_a', '国药准字Z42020442'],
      ['otc_b', '国药准字J20100001'],
      ['rx', '国药准字S10980011'],
      ['rx', '国药准字B20020001'],
      ['device_3', '国械注准20163460001'],
      ['device_3', '国械注进20153456789'],
      ['device_2', '鄂械注准20172640022'],
      ['device_2', '鄂械注准22000000'],
      ['device_1', '鄂汉械备20150012号'],
      ['device_1', '鄂械备20150012'],
      ['health_food', '国食健字G20050123'],
      ['health_food', '食健备G202042000123'],
      ['herb', ''],
    ];
    for (const [cls, no] of ok) expect(approvalNumberProblem(cls, no), `${cls} ${no}`).toBeNull();
  });

  it('refuses wrong letters, digits, classes and a missing number, with an example', () => {
    const bad: [Parameters<typeof approvalNumberProblem>[0], string][] = [
      ['rx', '国药准字X20013035'],
      ['rx', '国药准字H2001303'],
      ['rx', '国药准字H200130351'],
      ['otc_a', 'H20013035'],
      ['otc_a', '鄂械注准20172640022'],
      ['device_2', '国药准字H20013035'],
      ['device_2', '鄂械注准2017264002'],
      ['device_1', '鄂械注准20172640022'],
      ['health_food', '国食健字20050123'],
    ];
    for (const [cls, no] of bad) {
      const problem = approvalNumberProblem(cls, no);
      expect(problem, `${cls} ${no}`).toMatch(/^批准文号格式不正确，例如/);
    }
    expect(approvalNumberProblem('rx', '')).toBe('请填写批准文号');
  });
});
