import { stringArray } from '@/lib/domain/json-columns';
import { getInsightForStaff } from '@/lib/domain/staff/content-editing';
import { orNotFound } from '@/lib/site/or-not-found';
import { requireStaff } from '@/lib/staff-web/current-staff';
import { previewMarkdownAction, saveInsightAction } from '../../actions';
import { InsightEditor } from '../../insight-editor';
import { SavedNotice } from '../../saved-notice';

export const dynamic = 'force-dynamic';
export const metadata = { title: 'Edit insight' };

export default async function EditInsightPage({ params, searchParams }: { params: Promise<{ id: string }>; searchParams: Promise<{ saved?: string }> }) {
  const { id } = await params;
  await requireStaff('content', `/staff/content/insights/${id}`);
  const insight = await orNotFound(getInsightForStaff(id));
  const list = (value: unknown, column: string) => stringArray(value, column).join(', ');
  return (
    <>
      <h1 className="font-serif text-3xl font-semibold">{insight.title}</h1>
      <p className="mt-2 text-ink-muted">
        Status: <strong data-testid="content-status">{insight.status}</strong>
      </p>
      <SavedNotice saved={(await searchParams).saved} previewHref={`/staff/preview?type=insight&id=${insight.id}`} />
      <div className="mt-8">
        <InsightEditor
          save={saveInsightAction}
          render={previewMarkdownAction}
          isNew={false}
          initial={{
            id: insight.id,
            title: insight.title,
            summary: insight.summary,
            content: insight.content,
            author: insight.author ?? '',
            topics: list(insight.topics, 'Insight.topics'),
            keywords: list(insight.keywords, 'Insight.keywords'),
            related: list(insight.relatedIds, 'Insight.relatedIds'),
            featured: insight.featured ? 'on' : '',
          }}
        />
      </div>
    </>
  );
}
