import { formatMoney } from '@/lib/format';
import { minorToMajor } from '../../../core/money';

/** A stored price for people: 145000 USD → "$1,450.00". */
export function formatMinorUnits(minor: number, currency: string): string {
  return formatMoney(minorToMajor(minor), currency);
}
