import { randomUUID } from 'node:crypto';
import { allocate, roundMoney } from '../../domain/fifo.ts';
import type { CountResult } from '../db/schema/counts.ts';
import { conflict } from '../lib/problem.ts';
import type { CountLot, CountRow, CountsRepository } from '../repositories/counts.ts';
import type { StockRepository } from '../repositories/stock.ts';
import type { StockEngine } from './engine.ts';

/*
 * A stock count's figures and its posting (docs/rules.md «Инвентаризация»). The figures of a draft are what
 * posting would do right now; posting does it through the stock engine, in the request's one transaction.
 */

interface CountParts {
  repo: CountsRepository;
  stockRepo: StockRepository;
  engine: StockEngine;
}

/** The products a count covers: its selection or everything in stock, plus every product someone counted. */
async function productsOf(
  repo: CountsRepository,
  userId: string,
  count: CountRow,
  counted: Map<string, number>,
): Promise<string[]> {
  const scope = count.scope === 'all' ? await repo.productsInStock(userId) : count.productIds;
  const candidates = [...new Set([...scope, ...counted.keys()])];
  // A product deleted since it was counted is out of stock keeping: nothing to post for it.
  const live = await repo.liveProducts(userId, candidates);
  return candidates.filter((id) => live.has(id)).sort();
}

/** One product's figure: a shortage costs what FIFO would take, a surplus the product's last cost. */
function figureOf(productId: string, lots: CountLot[], counted: number, lastCost: number): CountResult {
  const expected = lots.reduce((s, l) => s + l.count, 0);
  const difference = counted - expected;
  let cost = 0;
  if (difference < 0) {
    const taken = allocate(lots, -difference);
    cost = taken.ok ? -taken.cost : 0;
  } else if (difference > 0) cost = roundMoney(difference * lastCost);
  return { product_id: productId, expected, counted, difference, cost: cost === 0 ? 0 : cost };
}

/** What posting the draft `count` would find right now, per product (sorted by product id). */
export async function countFigures(repo: CountsRepository, userId: string, count: CountRow): Promise<CountResult[]> {
  if (count.status === 'posted') return count.results;
  const counted = await repo.countedOf(userId, count.id);
  const products = await productsOf(repo, userId, count, counted);
  const lots = await repo.lotsOf(userId, products);
  const lastCosts = await repo.lastCosts(userId, products);
  return products.map((id) =>
    figureOf(
      id,
      lots.filter((l) => l.productId === id),
      counted.get(id) ?? 0,
      lastCosts.get(id) ?? 0,
    ),
  );
}

/**
 * Posts the count (locked by the caller, a draft): every product's shortage written off FIFO as a disposal of the
 * count, every surplus received as a lot of the count at the last cost; the results stored and the count posted.
 * The products are locked in id order, as every multi-product change locks them (server/stock/locked-lots.ts).
 */
export async function postCount(parts: CountParts, userId: string, count: CountRow): Promise<CountRow> {
  const { repo, stockRepo, engine } = parts;
  const counted = await repo.countedOf(userId, count.id);
  const products = await productsOf(repo, userId, count, counted);
  for (const productId of products) await engine.lockProduct(userId, productId);
  // Read after the locks: a receipt or sale that raced the posting is counted in `expected`. One after the other:
  // the transaction's one connection runs one query at a time.
  const lots = await repo.lotsOf(userId, products);
  const lastCosts = await repo.lastCosts(userId, products);
  const description = `Инвентаризация «${count.name}»`.replace('«»', '').trim();
  const results: CountResult[] = [];
  for (const productId of products) {
    const figure = figureOf(
      productId,
      lots.filter((l) => l.productId === productId),
      counted.get(productId) ?? 0,
      lastCosts.get(productId) ?? 0,
    );
    if (figure.difference < 0) {
      const reserved = await stockRepo.reservedCount(userId, productId);
      if (reserved > figure.counted) {
        throw conflict(
          'count_reserved',
          `Насчитано ${figure.counted} шт., а в резерве ${reserved} шт.: снимите или продайте лишние резервы и проведите инвентаризацию снова`,
        );
      }
      const id = randomUUID();
      const taken = await engine.take(userId, {
        productId,
        quantity: -figure.difference,
        reason: 'disposal',
        source: { table: 'disposals', id },
        // The units are gone from the shelf whatever reserves say; reserves were checked against what is left.
        ignoreReserves: true,
      });
      await repo.insertShortage(userId, { id, countId: count.id, productId, count: -figure.difference, description });
      figure.cost = -taken.cost;
    } else if (figure.difference > 0) {
      await engine.receive(userId, {
        productId,
        count: figure.difference,
        price: lastCosts.get(productId) ?? 0,
        countId: count.id,
      });
    }
    results.push(figure);
  }
  return repo.markPosted(userId, count.id, results);
}
