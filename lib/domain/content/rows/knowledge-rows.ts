import type { Principle as PrincipleRow, Tool as ToolRow } from '@/lib/generated/prisma/client';
import type { PrincipleItemData, ToolItemData } from '../content-bundle';

// Principles and tools keep the contract's snake_case names in their items, as in principles.json and tools.json.

export function principleRowData(item: PrincipleItemData) {
  return { name: item.name, description: item.description, whenToUse: item.when_to_use, expectedOutcomes: item.expected_outcomes, order: item.order };
}

export function principleItemOf(row: PrincipleRow): PrincipleItemData {
  return { id: row.id, name: row.name, description: row.description, when_to_use: row.whenToUse, expected_outcomes: row.expectedOutcomes, order: row.order };
}

export function toolRowData(item: ToolItemData) {
  return { name: item.name, description: item.description, useCase: item.useCase, whenToUse: item.when_to_use, order: item.order };
}

export function toolItemOf(row: ToolRow): ToolItemData {
  return { id: row.id, name: row.name, description: row.description, useCase: row.useCase, when_to_use: row.whenToUse, order: row.order };
}
