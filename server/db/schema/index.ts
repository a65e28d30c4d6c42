export * from './users.ts';
export * from './system.ts';
export * from './markets.ts';
export * from './products.ts';
export * from './stock.ts';
export * from './returns.ts';
export * from './stock-push.ts';
export * from './orders.ts';
