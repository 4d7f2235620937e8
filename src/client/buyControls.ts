// Behaviour of every buy control of the page (components/goodsCardHtml.ts) by delegation: typing
// is checked as typed (lib/pricing/quantity), − / + move a pack within the caps, Enter or the
// button adds exactly the quantity shown. Loaded once per page as a module, so it runs before
// DOMContentLoaded and no control is ever shown without its behaviour.
import type { CartParam } from './catalog.ts';
import {
  type BuyGoods,
  buyingRules,
  checkQuantity,
  type QuantityCheck,
  stepTypedQuantity,
  type QuantityRules,
} from '#/lib/pricing/quantity.ts';
import { ADD_TO_CART, ADDING_TO_CART } from '#/lib/quantityField.ts';
import { showQuantityCheck } from './quantityField.ts';

// The API client (ky, qs) loads on the first action, not with the page.
const actions = () => import('./catalog.ts');

/** What a control carries (components/goodsCardHtml.ts): its cart line and the goods' buying terms. */
export interface BuyData {
  line: Omit<CartParam, 'number'>;
  goods: BuyGoods;
}

interface Control {
  root: HTMLElement;
  line: BuyData['line'];
  stock: number;
  rules: QuantityRules;
  input: HTMLInputElement;
  add: HTMLButtonElement;
}

function controlOf(target: EventTarget | null): Control | null {
  const root = target instanceof Element ? target.closest<HTMLElement>('[data-buy]') : null;
  const input = root?.querySelector<HTMLInputElement>('input[data-qty]');
  const add = root?.querySelector<HTMLButtonElement>('button[data-add]');
  if (!root || !input || !add) return null;
  const { line, goods } = JSON.parse(root.dataset['buy']!) as BuyData;
  return { root, line, stock: goods.stock, rules: buyingRules(goods), input, add };
}

const busy = (c: Control) => c.root.dataset['busy'] === '1';

/** Shows whether the quantity typed can be taken, as the React quantity field does. */
function show(c: Control): QuantityCheck {
  const check = checkQuantity(c.input.value, c.rules);
  showQuantityCheck(c.input, check);
  c.add.disabled = busy(c) || c.stock < 1 || !check.ok;
  return check;
}

async function addToCart(c: Control): Promise<void> {
  const check = show(c);
  if (!check.ok || busy(c)) return;
  c.root.dataset['busy'] = '1';
  c.add.textContent = ADDING_TO_CART;
  c.add.disabled = true;
  try {
    await (await actions()).addToCart([{ ...c.line, number: check.value }]);
  } finally {
    delete c.root.dataset['busy'];
    c.add.textContent = ADD_TO_CART;
    show(c);
  }
}

document.addEventListener('input', (e) => {
  const c = controlOf(e.target);
  if (c && e.target === c.input) show(c);
});

document.addEventListener('click', (e) => {
  const c = controlOf(e.target);
  if (!c) return;
  const target = e.target as Element;
  const step = target.closest<HTMLElement>('[data-step]');
  if (step) {
    const dir = step.dataset['step'] === '-1' ? -1 : 1;
    c.input.value = String(stepTypedQuantity(c.input.value, dir, c.rules));
    show(c);
  } else if (target.closest('[data-add]')) void addToCart(c);
});

document.addEventListener('keydown', (e) => {
  if (e.key !== 'Enter') return;
  const c = controlOf(e.target);
  if (c && e.target === c.input) void addToCart(c);
});
