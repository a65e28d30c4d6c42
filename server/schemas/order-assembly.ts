import { z } from 'zod';

/*
 * «Собрано» (docs/rules.md «Сборка заказов»): the packer's call that tells the marketplace an order is packed, and
 * the marketplace's label it answers with. The order's row carries the outcome (server/schemas/orders.ts).
 */

export const orderAssemblyParams = z.object({ id: z.uuid().describe('ID заказа (orders.id)') });

export const orderAssembleBody = z
  .strictObject({})
  .describe(
    'Пустой объект. Запрос можно поставить в очередь офлайн: повтор, пока сборка передаётся или уже принята, отвечает текущим заказом и ничего не начинает заново.',
  )
  .meta({ id: 'OrderAssemble' });

/** What the order's `assembly` jsonb holds; the wire shows `state` as `assembly_state`. */
export const assemblyStates = ['pending', 'done', 'refused'] as const;
export type AssemblyState = (typeof assemblyStates)[number];

export function assemblyStateOf(assembly: Record<string, unknown> | null | undefined): AssemblyState | null {
  const state = assembly?.state;
  return typeof state === 'string' && (assemblyStates as readonly string[]).includes(state)
    ? (state as AssemblyState)
    : null;
}
