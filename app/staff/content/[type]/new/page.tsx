import Link from 'next/link';
import { notFound } from 'next/navigation';
import { requireStaff } from '@/lib/staff-web/current-staff';
import { editItemAction, previewMarkdownAction } from '../../actions';
import { listPath } from '../../content-paths';
import { EditorFormProvider } from '../../editor/editor-form';
import { ItemEditor } from '../../editor/item-editor';
import { blankItem, fieldsOf } from '../../forms/fields-of';
import { formValuesOf } from '../../forms/item-from-form';
import { contentTypeOfPage } from '../../page-type';

export const dynamic = 'force-dynamic';
export const metadata = { title: 'New content' };

/** A new item starts as a draft only: nothing is public until it is published. */
export default async function NewItemPage({ params }: { params: Promise<{ type: string }> }) {
  const definition = contentTypeOfPage((await params).type);
  const staff = await requireStaff(definition.area, `${listPath(definition)}/new`);
  if (!definition.creatable) notFound();
  const fields = await fieldsOf(definition.type, { isNew: true });
  return (
    <>
      <p className="text-sm">
        <Link className="underline" href={listPath(definition)}>
          {definition.pluralLabel}
        </Link>
      </p>
      <h1 className="mt-2 font-serif text-3xl font-semibold">New {definition.noun}</h1>
      <p className="mt-2 text-ink-muted">Saved as a draft: visitors see nothing until it is published.</p>
      <div className="mt-8">
        <EditorFormProvider action={editItemAction.bind(null, definition.type, null)}>
          <ItemEditor fields={fields} initial={formValuesOf(fields, blankItem(definition.type, staff.displayName))} renderMarkdown={previewMarkdownAction} />
        </EditorFormProvider>
      </div>
    </>
  );
}
