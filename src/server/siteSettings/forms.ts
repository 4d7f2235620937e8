// The content desk's settings form (zod). Every part is optional: a form posts the parts it shows.
import { z } from 'zod';
import { HEADER_NAV_MAX } from '#/lib/constants.ts';

const text = (label: string, max: number) =>
  z
    .string({ error: `${label}不正确` })
    .trim()
    .max(max, `${label}最多${max}个字`)
    .refine((s) => !/[<>\u0000-\u001f]/.test(s), `${label}含有不允许的字符`);

const required = (label: string, max: number) =>
  text(label, max).refine((s) => s.length > 0, `请填写${label}`);

const PHONE_RE = /^(?:1[3-9]\d{9}|0\d{2,3}-?\d{7,8}|400-?\d{3}-?\d{4})$/;
const QQ_RE = /^[1-9]\d{4,11}$/;

/** A link inside the shop ("/lqzx") or to a web address (nav links, ads). */
export const linkField = z
  .string({ error: '链接不正确' })
  .trim()
  .max(200, '链接最多200个字符')
  .refine(
    (s) => /^\/(?!\/)\S*$/.test(s) || /^https?:\/\/\S+$/.test(s),
    '链接须以 / 或 http(s):// 开头',
  );

const list = <T extends z.ZodType>(item: T) =>
  z.preprocess(
    (v) => (v && typeof v === 'object' && !Array.isArray(v) ? Object.values(v) : v),
    z.array(item),
  );

export const SettingsForm = z.object({
  common_config: z
    .object({
      hot_line: required('客服电话', 20).refine((s) => PHONE_RE.test(s), '客服电话格式不正确'),
      qq1: required('客服QQ1', 12).refine((s) => QQ_RE.test(s), '客服QQ1格式不正确'),
      qq2: text('客服QQ2', 12).refine((s) => s === '' || QQ_RE.test(s), '客服QQ2格式不正确'),
    })
    .optional(),
  quality_inspection: z
    .object({
      quality_inspection_url: z.union([z.literal(''), linkField]).default(''),
      msg: text('质检报告说明', 100).default(''),
    })
    .optional(),
  operator: z
    .object({
      company: required('运营主体', 60),
      drug_licence: required('药品经营许可证', 40),
      internet_drug_info: required('互联网药品信息服务资格证书', 40),
      icp: required('ICP 备案号', 40),
      police_filing: required('公网安备号', 40),
      address: required('注册地址', 100),
    })
    .optional(),
  /** one word a line (or a list) */
  hot_words: z
    .preprocess(
      (v) =>
        typeof v === 'string'
          ? v.split(/[\n,，]/)
          : v && typeof v === 'object' && !Array.isArray(v)
            ? Object.values(v)
            : v,
      z.array(z.string().trim().max(20, '热搜词最多20个字')),
    )
    .transform((words) => [...new Set(words.filter(Boolean))])
    .pipe(z.array(z.string()).max(20, '热搜词最多20个'))
    .optional(),
  nav: list(
    z.object({
      name: required('导航名称', 8),
      url: linkField,
      is_open: z
        .preprocess((v) => v === '1' || v === 'true' || v === true || v === 1, z.boolean())
        .default(false),
    }),
  )
    .pipe(
      z
        .array(z.any())
        .min(1, '至少保留一个导航链接')
        .max(HEADER_NAV_MAX, `导航最多${HEADER_NAV_MAX}个`),
    )
    .optional(),
});
