import { db } from '@/lib/db/client';
import { DomainError, notFound } from '../../core/errors';
import { findBySecretToken, newSecretToken } from '../../core/secret-tokens';
import { recordAudit } from '../staff/audit';
import type { StaffActor } from '../staff/roles';
import { randomToken } from '../../core/tokens';
import type { ContentTypeId, Tx } from './content-type';
import { contentType, isContentTypeId } from './content-types';
import type { EditorEdit } from './drafts';
import { findDraft, saveDraftIn, workingItem } from './drafts';

export const PREVIEW_LINK_DAYS = 7;
const DAY_MS = 24 * 60 * 60_000;

/**
 * `<id>.<secret>`, both base64url: 128 random bits that name the link (in the staff's list and audit log), then the 256
 * that open it. The link is found by the sha256 of its secret, like every secret token (lib/core/secret-tokens.ts);
 * the id must then agree.
 */
const TOKEN = /^([A-Za-z0-9_-]{22})\.([A-Za-z0-9_-]{43})$/;

export interface PreviewLinkGrant {
  linkId: string;
  type: ContentTypeId;
  itemId: string;
  expiresAt: Date;
  createdByName: string;
}

export type PreviewLinkState = 'active' | 'expired' | 'revoked';

interface LinkOptions {
  days?: number;
  now?: Date;
}

/** Creates the link of the draft, inside the caller's transaction. */
async function createLinkIn(tx: Tx, actor: StaffActor, type: ContentTypeId, itemId: string, { days = PREVIEW_LINK_DAYS, now = new Date() }: LinkOptions) {
  const definition = contentType(type);
  const draft = await findDraft(type, itemId, tx);
  if (!draft) throw new DomainError('NO_DRAFT', 'Save a draft first: a preview link shows the draft.');
  if (!definition.overlay || definition.sitePath(draft.item) === null) {
    throw new DomainError('TRANSITION_NOT_ALLOWED', `This ${definition.noun} has no page of its own to preview.`);
  }
  const id = randomToken(16);
  const secret = newSecretToken();
  const expiresAt = new Date(now.getTime() + days * DAY_MS);
  await tx.previewLink.create({
    data: { id, secretHash: secret.digest, type, itemId, createdById: actor.id, createdByName: actor.displayName, createdAt: now, expiresAt },
  });
  await recordAudit(tx, actor, `${type}.create_preview_link`, { type, id: itemId }, { linkId: id, expiresAt: expiresAt.toISOString() });
  return { token: `${id}.${secret.token}`, expiresAt };
}

/**
 * A link for a reviewer without an account to see one item's draft on the real page. The token is shown once, here;
 * only the sha256 of its secret is kept.
 */
export async function createPreviewLink(
  actor: StaffActor,
  type: ContentTypeId,
  itemId: string,
  options: LinkOptions = {},
): Promise<{ token: string; expiresAt: Date }> {
  return db.$transaction((tx) => createLinkIn(tx, actor, type, itemId, options));
}

/**
 * A link to what the editor shows: saved as the draft (the rules and the stale-editor check of Save draft) and shared,
 * in one transaction, so the reviewer sees the edit on screen and nothing is stored when either step is refused. With
 * no draft and no change from what visitors see, there is nothing to preview (NO_DRAFT).
 */
export async function createPreviewLinkForEdits(
  actor: StaffActor,
  type: ContentTypeId,
  itemId: string,
  edit: EditorEdit,
  { days, now = new Date() }: LinkOptions = {},
): Promise<{ token: string; expiresAt: Date }> {
  return db.$transaction(async (tx) => {
    const { revision } = await saveDraftIn(tx, actor, contentType(type), itemId, edit.candidate, { now, base: edit.base, keepUnchanged: true });
    if (revision === null) throw new DomainError('NO_DRAFT', 'Nothing to preview: the editor shows what visitors see already.');
    return createLinkIn(tx, actor, type, itemId, { days, now });
  });
}

export async function revokePreviewLink(actor: StaffActor, type: ContentTypeId, itemId: string, linkId: string, now = new Date()): Promise<void> {
  await db.$transaction(async (tx) => {
    const { count } = await tx.previewLink.updateMany({
      where: { id: linkId, type, itemId, revokedAt: null },
      data: { revokedAt: now, revokedByName: actor.displayName },
    });
    if (count !== 1) throw notFound('Preview link', linkId);
    await recordAudit(tx, actor, `${type}.revoke_preview_link`, { type, id: itemId }, { linkId });
  });
}

/**
 * The item a preview link may show, or null. Unknown, malformed, expired and revoked links all answer null after the
 * same work: one digest of the secret and one indexed lookup by it, so no guess, of the id or the secret, is told by its
 * timing how close it came; the stored digest is then compared in constant time.
 */
export async function resolvePreviewLink(token: string, now = new Date()): Promise<PreviewLinkGrant | null> {
  const match = TOKEN.exec(token);
  const row = await findBySecretToken(
    match?.[2] ?? token,
    (digest) => db.previewLink.findUnique({ where: { secretHash: digest } }),
    (link) => link.secretHash,
  );
  if (!match || !row || row.id !== match[1] || row.revokedAt !== null || row.expiresAt <= now || !isContentTypeId(row.type)) return null;
  return { linkId: row.id, type: row.type, itemId: row.itemId, expiresAt: row.expiresAt, createdByName: row.createdByName };
}

/** Where the working state of an item (its draft, else what is live) shows on the site; null when nowhere. */
export async function previewPathOf(type: ContentTypeId, itemId: string): Promise<string | null> {
  const definition = contentType(type);
  if (!definition.overlay) return null;
  const item = await workingItem(type, itemId);
  return item === null ? null : definition.sitePath(item);
}

export async function listPreviewLinks(type: ContentTypeId, itemId: string, now = new Date()) {
  const rows = await db.previewLink.findMany({ where: { type, itemId }, orderBy: { createdAt: 'desc' }, take: 50 });
  return rows.map((row) => ({
    id: row.id,
    createdByName: row.createdByName,
    createdAt: row.createdAt,
    expiresAt: row.expiresAt,
    revokedAt: row.revokedAt,
    revokedByName: row.revokedByName,
    state: (row.revokedAt ? 'revoked' : row.expiresAt <= now ? 'expired' : 'active') as PreviewLinkState,
  }));
}
