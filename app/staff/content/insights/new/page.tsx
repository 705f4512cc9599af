import { requireStaff } from '@/lib/staff-web/current-staff';
import { previewMarkdownAction, saveInsightAction } from '../../actions';
import { InsightEditor } from '../../insight-editor';

export const dynamic = 'force-dynamic';
export const metadata = { title: 'New insight' };

export default async function NewInsightPage() {
  const staff = await requireStaff('content', '/staff/content/insights/new');
  return (
    <>
      <h1 className="font-serif text-3xl font-semibold">New insight</h1>
      <div className="mt-8">
        <InsightEditor save={saveInsightAction} render={previewMarkdownAction} initial={{ author: staff.displayName }} isNew />
      </div>
    </>
  );
}
