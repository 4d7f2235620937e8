// The numbered step bar of registration and password reset (also rendered statically by AuthPanel).
export default function StepBar(props: { steps: readonly string[]; active: number }) {
  return (
    <ol className="mb-8 flex justify-center gap-2" aria-label="步骤">
      {props.steps.map((s, i) => (
        <li
          key={s}
          aria-current={i + 1 === props.active ? 'step' : undefined}
          className={`w-56 rounded px-3 py-2 text-center ${i + 1 <= props.active ? 'bg-brand-500 text-white' : 'bg-gray-100 text-gray-500'}`}
        >
          {i + 1}. {s}
        </li>
      ))}
    </ol>
  );
}

export const REGISTER_STEPS = ['填写账号信息', '填写企业信息', '上传资质 · 等待审核'] as const;
