// Behaviour of the detail page's buy box (components/buyBoxHtml.ts): as the buyer types or steps
// the quantity, the price, subtotal and hints above the field and the variant note below it are
// drawn again from lib/buyBox; Enter or 加入购物车 adds exactly the quantity shown at the price
// shown; 收藏 toggles the favourite. A module, so it runs before DOMContentLoaded; `data-ready`
// says the box has its behaviour.
import { buyBoxSummaryHtml, favoriteLabel, variantOverHtml } from '#/components/buyBoxHtml.ts';
import {
  type BuyBoxProps,
  buyBoxRules,
  buyBoxView,
  ladderTierAt,
  unitPriceAt,
} from '#/lib/buyBox.ts';
import { stepTypedQuantity } from '#/lib/pricing/quantity.ts';
import { ADD_TO_CART, ADDING_TO_CART } from '#/lib/quantityField.ts';
import { showQuantityCheck } from './quantityField.ts';

// The API client (ky, qs) loads on the first action, not with the page.
const actions = () => import('./catalog.ts');

function wire(box: HTMLElement): void {
  const p = JSON.parse(box.dataset['buyBox']!) as BuyBoxProps;
  const input = box.querySelector<HTMLInputElement>('input[data-qty]')!;
  const add = box.querySelector<HTMLButtonElement>('button[data-add]');
  const favorite = box.querySelector<HTMLButtonElement>('[data-testid="favorite"]')!;
  const summary = box.querySelector<HTMLElement>('[data-part="summary"]')!;
  const over = box.querySelector<HTMLElement>('[data-part="over"]')!;
  const rules = buyBoxRules(p);
  let busy = false;
  let isFavorite = p.isFavorite;

  const redraw = () => {
    const v = buyBoxView(p, input.value);
    const fill = (part: HTMLElement, html: string) => {
      if (part.innerHTML !== html) part.innerHTML = html;
      part.hidden = html === '';
    };
    fill(summary, buyBoxSummaryHtml(p, v));
    fill(over, variantOverHtml(p, v));
    showQuantityCheck(input, v.check);
    if (add) add.disabled = busy || !v.check.ok;
    return v;
  };

  const addToCart = async () => {
    const { check } = redraw();
    const unit = check.ok ? unitPriceAt(p, check.value) : null;
    if (!add || busy || !check.ok || unit === null) return;
    busy = true;
    add.textContent = ADDING_TO_CART;
    add.disabled = true;
    try {
      await (await actions()).addToCart([
        {
          ...p.line,
          number: check.value,
          price: (unit / 100).toFixed(2),
          ladder_price_id: ladderTierAt(p, check.value)?.id ?? null,
        },
      ]);
    } finally {
      busy = false;
      add.textContent = ADD_TO_CART;
      redraw();
    }
  };

  const toggleFavorite = async () => {
    const api = await actions();
    const done = isFavorite
      ? await api.cancelFavorite([p.goodsId])
      : await api.addFavorite([p.goodsId]);
    if (!done) return;
    isFavorite = !isFavorite;
    favorite.textContent = favoriteLabel(isFavorite);
    favorite.setAttribute('aria-pressed', String(isFavorite));
  };

  input.addEventListener('input', redraw);
  input.addEventListener('keydown', (e) => {
    if (e.key === 'Enter' && p.canBuy) void addToCart();
  });
  box.addEventListener('click', (e) => {
    const target = e.target as Element;
    const step = target.closest<HTMLElement>('[data-step]');
    if (step) {
      input.value = String(
        stepTypedQuantity(input.value, step.dataset['step'] === '-1' ? -1 : 1, rules),
      );
      redraw();
    } else if (add && target.closest('[data-add]') === add) void addToCart();
    else if (target.closest('[data-testid="favorite"]') === favorite) void toggleFavorite();
  });
  box.dataset['ready'] = '';
}

for (const box of document.querySelectorAll<HTMLElement>('[data-buy-box]')) wire(box);
