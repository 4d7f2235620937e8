// What each demo promotion is about, by category (child names of CATEGORY_TREE) and drug class:
// a buyer reading 感冒组合装 or 慢病用药 must find cold medicines or chronic-disease drugs there,
// not whatever a random draw gave. Pure data and predicates over a seeded goods row.

export interface ThemedGoods {
  category: string;
  drugClass: string;
}

const DRUGS = new Set(['rx', 'otc_a', 'otc_b']);
const OTC = new Set(['otc_a', 'otc_b']);

export const COLD = ['感冒用药', '感冒发烧', '儿童感冒', '抗病毒药', '秋冬呼吸'];
export const COUGH = ['止咳化痰', '咳嗽咽痛', '儿童止咳'];
export const FEVER = ['退热止痛', '止痛退烧'];
const RESPIRATORY = [...COLD, ...COUGH, '平喘药', '呼吸中成药', '口腔咽喉'];
const CHRONIC = [
  '降压药',
  '调脂药',
  '抗心绞痛',
  '抗血栓药',
  '心脑血管中成药',
  '降糖药',
  '甲状腺用药',
  '高血压',
  '糖尿病',
  '高血脂',
  '心脑保健',
];
const VITAMINS = ['维生素类', '钙剂', '补铁补锌', '儿童维矿', '维生素补充'];
const HOME_MEDICINE = [
  ...FEVER,
  '感冒用药',
  '止泻药',
  '助消化药',
  '抗过敏药',
  '烫伤外伤',
  '外伤处理',
  '跌打损伤',
];
const HOME_DEVICES = ['体温计', '创可贴', '棉签棉球'];
const CLINIC_DEVICES = ['注射器', '输液器', '采血用品', '留置针', '检查手套'];

const inAny = (cats: readonly string[]) => (g: ThemedGoods) => cats.includes(g.category);

/** Goods that fit each themed zone, activity or full-reduction. */
export const THEME = {
  respiratory: inAny(RESPIRATORY),
  cold: inAny([...COLD, ...COUGH, ...FEVER]),
  /** 慢病用药: drugs for hypertension, diabetes, lipids and the heart; no devices or supplements */
  chronic: (g: ThemedGoods) => DRUGS.has(g.drugClass) && CHRONIC.includes(g.category),
  vitamins: inAny(VITAMINS),
  /** 家庭药箱: OTC for everyday complaints and a few home devices */
  homeKit: (g: ThemedGoods) =>
    (OTC.has(g.drugClass) && HOME_MEDICINE.includes(g.category)) ||
    HOME_DEVICES.includes(g.category),
  /** 医生供药: prescription drugs and what a clinic injects or examines with */
  clinic: (g: ThemedGoods) => g.drugClass === 'rx' || CLINIC_DEVICES.includes(g.category),
} as const;

/** A combination pack: one goods per slot (the best seller of those categories), `number` each. */
export interface ComboTheme {
  name: string;
  slots: { categories: string[]; number: number }[];
}

export const COMBOS: ComboTheme[] = [
  {
    name: '感冒组合装',
    slots: [
      { categories: ['感冒用药', '感冒发烧'], number: 1 },
      // adult packs: children's medicines dose differently and sell apart
      { categories: ['止咳化痰', '咳嗽咽痛'], number: 1 },
      { categories: FEVER, number: 1 },
    ],
  },
  {
    name: '肠胃调理组合',
    slots: [
      { categories: ['抑酸护胃'], number: 1 },
      { categories: ['助消化药', '肠胃调理'], number: 1 },
      { categories: ['止泻药'], number: 1 },
    ],
  },
  {
    name: '家庭常备组合',
    slots: [
      { categories: FEVER, number: 1 },
      { categories: ['烫伤外伤', '外伤处理'], number: 1 },
      { categories: ['创可贴'], number: 2 },
    ],
  },
  {
    name: '血压管理组合',
    slots: [
      { categories: ['降压药'], number: 2 },
      { categories: ['电子血压计'], number: 1 },
    ],
  },
  {
    name: '中药养生组合',
    slots: [
      { categories: ['补气药'], number: 1 },
      { categories: ['补血药'], number: 1 },
      { categories: ['花草茶'], number: 1 },
    ],
  },
  {
    name: '护理耗材组合',
    slots: [
      { categories: ['棉签棉球'], number: 5 },
      { categories: ['医用胶带'], number: 2 },
      { categories: ['纱布敷料'], number: 5 },
    ],
  },
];
