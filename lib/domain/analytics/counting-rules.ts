import Bowser from 'bowser';
import { isbot } from 'isbot';
import { LRUCache } from 'lru-cache';

/** The request headers the rules read, as node:http gives them (lower-case names). */
export type HeaderBag = Readonly<Record<string, string | string[] | undefined>>;

const headerOf = (headers: HeaderBag, name: string): string | undefined => {
  const value = headers[name];
  return Array.isArray(value) ? value[0] : value;
};

/** The browser asks not to be tracked: Global Privacy Control (`Sec-GPC: 1`) or the older `DNT: 1`. Such a visit is not counted. */
export function declinesTracking(headers: HeaderBag): boolean {
  return headerOf(headers, 'sec-gpc')?.trim() === '1' || headerOf(headers, 'dnt')?.trim() === '1';
}

export type DeviceClass = 'desktop' | 'mobile' | 'tablet' | 'other';

export interface ClientKind {
  bot: boolean;
  device: DeviceClass;
}

/** A handful of browsers make nearly all visits: their User-Agents are classified once. */
const kinds = new LRUCache<string, ClientKind>({ max: 2000 });

/**
 * Whether a User-Agent is a bot (isbot's maintained list; a missing User-Agent counts as one), and its device class
 * (bowser's platform type).
 */
export function clientKindOf(userAgent: string | undefined): ClientKind {
  const agent = userAgent?.trim() ?? '';
  let kind = kinds.get(agent);
  if (!kind) {
    const bot = agent === '' || isbot(agent);
    const platform = bot ? undefined : Bowser.parse(agent).platform.type;
    kind = { bot, device: platform === 'desktop' || platform === 'mobile' || platform === 'tablet' ? platform : 'other' };
    kinds.set(agent, kind);
  }
  return kind;
}
