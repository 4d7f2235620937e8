export * from './catalog.ts';
export * from './members.ts';
export * from './content.ts';
export * from './limits.ts';
export * from './promotions.ts';
