// 批准文号 / 注册证号 formats, by the class of the goods. Pure: the goods editor, the import and
// their tests share it.
import type { DrugClass } from './drugClass.ts';

// 国药准字 + H (chemical), Z (Chinese patent), S (biological), J (imported packed here),
// B (supplementary), F (excipient), T (in-vitro diagnostic) + 8 digits.
const DRUG = /^国药准字[HZSJBFT]\d{8}$/;
// 国械注准/进/许 or 省简称械注准 + year and serial (11 digits; older certificates have 8).
const DEVICE_REGISTERED = /^(国|[\u4e00-\u9fa5])械注[准进许]\d{8}(\d{3})?$/;
// 一类 devices are filed (备案): 省简称 (+ 市简称) 械备 + year and serial, an optional 号.
const DEVICE_FILED = /^[\u4e00-\u9fa5]{1,2}械备\d{8}号?$/;
// 保健食品: 国食健字G / 国食健注G + 8 digits, or the newer 食健备G + 12 digits.
const HEALTH_FOOD = /^(国食健[字注]G\d{8}|食健备G\d{12})$/;

const RULES: Record<DrugClass, { re: RegExp | null; example: string }> = {
  rx: { re: DRUG, example: '国药准字H20013035' },
  otc_a: { re: DRUG, example: '国药准字Z42020442' },
  otc_b: { re: DRUG, example: '国药准字H20013035' },
  health_food: { re: HEALTH_FOOD, example: '国食健字G20050123' },
  device_1: { re: DEVICE_FILED, example: '鄂汉械备20150012号' },
  device_2: { re: DEVICE_REGISTERED, example: '鄂械注准20172640022' },
  device_3: { re: DEVICE_REGISTERED, example: '国械注准20163460001' },
  // 中药饮片 carry no approval number.
  herb: { re: null, example: '' },
};

/** Why `approvalNo` cannot be the number of goods of class `drugClass`, or null when it can. */
export function approvalNumberProblem(drugClass: DrugClass, approvalNo: string): string | null {
  const rule = RULES[drugClass];
  if (!rule.re) return null;
  if (approvalNo === '') return '请填写批准文号';
  if (!rule.re.test(approvalNo)) return `批准文号格式不正确，例如${rule.example}`;
  return null;
}
