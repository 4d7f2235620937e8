// 药品分类: the class of a goods, which a buyer's business scope (经营范围) must cover.

export const DRUG_CLASSES = [
  'rx',
  'otc_a',
  'otc_b',
  'herb',
  'device_1',
  'device_2',
  'device_3',
  'health_food',
] as const;
export type DrugClass = (typeof DRUG_CLASSES)[number];

export const DRUG_CLASS_LABEL: Readonly<Record<DrugClass, string>> = {
  rx: '处方药',
  otc_a: '甲类OTC',
  otc_b: '乙类OTC',
  herb: '中药饮片',
  device_1: '一类医疗器械',
  device_2: '二类医疗器械',
  device_3: '三类医疗器械',
  health_food: '保健食品',
};

/** The label of a stored class code; an unknown code shows as itself. */
export function drugClassLabel(code: string): string {
  return DRUG_CLASS_LABEL[code as DrugClass] ?? code;
}
