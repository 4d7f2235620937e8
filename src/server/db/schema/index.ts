export * from './catalog.ts';
export * from './members.ts';
export * from './content.ts';
export * from './limits.ts';
export * from './promotions.ts';
export * from './cart.ts';
export * from './orders.ts';
export * from './wallet.ts';
