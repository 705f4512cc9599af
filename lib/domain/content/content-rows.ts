import type { Db } from '@/lib/db/client';
import type {
  Prisma,
  CompanyProfile as CompanyProfileRow,
  Credential as CredentialRow,
  Faq as FaqRow,
  Insight as InsightRow,
  Leader as LeaderRow,
  Principle as PrincipleRow,
  Service as ServiceRow,
  Testimonial as TestimonialRow,
  Tool as ToolRow,
} from '@/lib/generated/prisma/client';
import type { PublishedImageRow } from '../media/published-image';
import { PUBLISHED_IMAGE_COLUMNS } from '../media/published-image';

/** Bodies stay in the database: the snapshot holds insight metadata only. */
export type InsightMetadataRow = Omit<InsightRow, 'content'>;

/**
 * The live content rows, as read from the database. The published snapshot is built from them; a preview puts
 * drafts into a copy of them first (lib/domain/content-workflow/preview-content.ts), so both are built alike.
 */
export interface ContentRows {
  revision: number;
  services: ServiceRow[];
  testimonials: TestimonialRow[];
  faqs: FaqRow[];
  insights: InsightMetadataRow[];
  principles: PrincipleRow[];
  tools: ToolRow[];
  company: CompanyProfileRow | null;
  leaders: LeaderRow[];
  credentials: CredentialRow[];
  /** The library's processed images (their metadata, never their bytes): content shows those it names. */
  media: PublishedImageRow[];
}

type RowReader = Pick<
  Prisma.TransactionClient,
  'contentRevision' | 'service' | 'testimonial' | 'faq' | 'insight' | 'principle' | 'tool' | 'companyProfile' | 'leader' | 'credential' | 'mediaAsset'
>;

/** A list of queries typed as a tuple, as Prisma's batch transaction wants it. */
const tuple = <T extends unknown[]>(...items: T): T => items;

/** The queries of the live rows, in one order, so a batch transaction and an open one read the same. */
function rowQueries(db: RowReader, allStatuses: boolean) {
  const status = allStatuses ? {} : ({ status: 'published' } as const);
  return tuple(
    db.contentRevision.findUnique({ where: { id: 1 } }),
    db.service.findMany({ where: status }),
    db.testimonial.findMany({ where: status }),
    db.faq.findMany({ where: status }),
    db.insight.findMany({ where: status, omit: { content: true } }),
    db.principle.findMany(),
    db.tool.findMany(),
    db.companyProfile.findUnique({ where: { id: 'company' } }),
    db.leader.findMany(),
    db.credential.findMany(),
    db.mediaAsset.findMany({ where: { status: 'ready' }, select: PUBLISHED_IMAGE_COLUMNS }),
  );
}

type AwaitedEach<T> = { [K in keyof T]: Awaited<T[K]> };
type RowResults = AwaitedEach<ReturnType<typeof rowQueries>>;

function rowsOf([revisionRow, services, testimonials, faqs, insights, principles, tools, company, leaders, credentials, media]: RowResults): ContentRows {
  return { revision: revisionRow?.revision ?? 0, services, testimonials, faqs, insights, principles, tools, company, leaders, credentials, media };
}

/** Published rows only, or (`allStatuses`) unpublished ones too, for previews. */
export async function readContentRows(db: Db, { allStatuses = false } = {}): Promise<ContentRows> {
  // One transaction, so the revision and the rows it describes are read consistently.
  return rowsOf(await db.$transaction(rowQueries(db, allStatuses)));
}

/** The published rows as an open transaction sees them: what a publish is about to commit. */
export async function readContentRowsIn(tx: Prisma.TransactionClient): Promise<ContentRows> {
  return rowsOf(await Promise.all(rowQueries(tx, false)));
}
