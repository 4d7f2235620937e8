import { StaffForm } from './StaffForm.tsx';
import { type SubmitEvent, useState } from 'react';
import { useStaffPost } from './useStaffPost.ts';
import { toast } from '#/stores/notice.ts';

const MAX_BYTES = 5 * 1024 * 1024;
const box = 'h-8 rounded border border-gray-300 px-2';

const dataUrlOf = (file: File) =>
  new Promise<string>((resolve, reject) => {
    const r = new FileReader();
    r.onload = () => resolve(String(r.result));
    r.onerror = () => reject(r.error);
    r.readAsDataURL(file);
  });

/** Finance uploads the 数电票 issued on the tax platform: its file and the figures printed on it. */
export default function InvoiceUpload(props: { orderId: number; amount: string; again: boolean }) {
  const [file, setFile] = useState<File | null>(null);
  const [number, setNumber] = useState('');
  const [issuedOn, setIssuedOn] = useState('');
  const [amount, setAmount] = useState(props.amount);
  const [tax, setTax] = useState('');
  const { busy, post } = useStaffPost();
  const submit = async (e: SubmitEvent) => {
    e.preventDefault();
    if (!file || file.size > MAX_BYTES) {
      toast(file ? '发票文件不能超过5MB' : '请选择发票文件（PDF 或 OFD）');
      return;
    }
    await post(
      `/api/admin/orders/${props.orderId}/invoice`,
      { file: await dataUrlOf(file), number, issued_on: issuedOn, amount, tax_amount: tax },
      '发票已上传，已通知门店',
    );
  };
  return (
    <StaffForm
      onSubmit={submit}
      className="flex flex-wrap items-end gap-2"
      data-testid="invoice-upload"
    >
      <label className="flex flex-col">
        发票文件
        <input
          type="file"
          name="file"
          required
          accept=".pdf,.ofd,application/pdf"
          onChange={(e) => setFile(e.target.files?.[0] ?? null)}
          className="h-8 text-xs"
        />
      </label>
      <label className="flex flex-col">
        发票号码
        <input
          name="number"
          required
          inputMode="numeric"
          pattern="\d{8,20}"
          value={number}
          onChange={(e) => setNumber(e.target.value)}
          className={`${box} w-48 font-mono`}
        />
      </label>
      <label className="flex flex-col">
        开票日期
        <input
          type="date"
          name="issued_on"
          required
          value={issuedOn}
          onChange={(e) => setIssuedOn(e.target.value)}
          className={box}
        />
      </label>
      <label className="flex flex-col">
        价税合计（元）
        <input
          name="amount"
          required
          inputMode="decimal"
          value={amount}
          onChange={(e) => setAmount(e.target.value)}
          className={`${box} w-28 text-right`}
        />
      </label>
      <label className="flex flex-col">
        税额（元）
        <input
          name="tax_amount"
          required
          inputMode="decimal"
          value={tax}
          onChange={(e) => setTax(e.target.value)}
          className={`${box} w-24 text-right`}
        />
      </label>
      <button
        type="submit"
        disabled={busy}
        className="h-8 rounded bg-brand-600 px-4 text-white disabled:opacity-50"
      >
        {props.again ? '重新上传发票' : '上传发票'}
      </button>
    </StaffForm>
  );
}
