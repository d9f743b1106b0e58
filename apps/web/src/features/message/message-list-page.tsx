/** /message: the template list with media, caption, buttons, uses, figures, status and actions (spec part 2 §2). */
import type { TMessage } from '@sewablast/contract/message';
import { Download, Plus } from 'lucide-react';
import { Link } from 'react-router';
import { type Column, DataTable } from '../../components/data-table.tsx';
import { Card, PageHeader } from '../../components/page-header.tsx';
import { Pager } from '../../components/pager.tsx';
import { RowActions, useRowDelete } from '../../components/row-actions.tsx';
import { StatusBadge } from '../../components/status-badge.tsx';
import { downloadFile, toJson } from '../../lib/export-file.ts';
import { formatNumber } from '../../lib/format.ts';
import { toast } from '../../lib/toast.ts';
import { useListParams } from '../../lib/use-list-params.ts';
import { fetchAllMessages, useDeleteMessage, useMessages } from './api/messages.ts';
import { MediaPreview } from './components/media-preview.tsx';
import { SafeHtml } from './components/safe-html.tsx';
import { TemplateFigures } from './components/template-figures.tsx';

async function exportJson() {
  try {
    const { list } = await fetchAllMessages();
    if (list.length === 0) {
      toast.error('No messages to export.');
      return;
    }
    const items = list.map((message) => ({
      media: message.media ? new URL(message.media, window.location.origin).toString() : null,
      text: message.text,
      captions: message.captions,
      buttons: message.button,
    }));
    downloadFile('messages.json', toJson(items), 'application/json');
  } catch (error) {
    toast.error((error as Error).message);
  }
}

export function Component() {
  const { page, setPage } = useListParams();
  const messages = useMessages(page);
  const rows = useRowDelete(useDeleteMessage());

  const columns: Column<TMessage>[] = [
    { header: 'Media', cell: (message) => <MediaPreview url={message.media} name={message.media_name} /> },
    {
      header: 'Caption',
      className: 'max-w-md',
      cell: (message) => (
        <SafeHtml
          html={message.text}
          className="line-clamp-4 [&_ol]:list-decimal [&_ol]:pl-5 [&_ul]:list-disc [&_ul]:pl-5"
        />
      ),
    },
    {
      header: 'Button',
      cell: (message) =>
        message.button.length ? (
          <ul className="space-y-1">
            {message.button.map((button) => (
              <li key={button.id}>
                {button.type === 'url_button' ? (
                  <a
                    href={button.url}
                    target="_blank"
                    rel="noopener noreferrer"
                    className="text-brand-600 hover:underline"
                  >
                    {button.title}
                  </a>
                ) : (
                  <span title={button.url}>{button.title}</span>
                )}
              </li>
            ))}
          </ul>
        ) : (
          <span className="text-slate-500 dark:text-slate-400">-</span>
        ),
    },
    { header: 'Digunakan', cell: (message) => `${formatNumber(message.count_use)}x` },
    { header: 'Statistik', cell: (message) => <TemplateFigures message={message} /> },
    { header: 'Status', cell: (message) => <StatusBadge status={message.status} /> },
    {
      header: 'Action',
      className: 'text-right',
      actions: true,
      cell: (message) => (
        <RowActions
          label={`template #${message.id}`}
          editTo={`/message/edit?id=${message.id}`}
          confirmTitle="Hapus template?"
          confirmText="Template ini dan medianya akan dihapus."
          deleting={rows.isDeleting(message.id)}
          onDelete={() => rows.remove(message.id)}
        />
      ),
    },
  ];

  return (
    <>
      <PageHeader
        title="Template Pesan"
        actions={
          <>
            <button
              type="button"
              onClick={exportJson}
              className="inline-flex items-center gap-2 rounded-lg border border-slate-300 bg-white px-4 py-2.5 text-sm font-semibold text-slate-700 hover:bg-slate-50 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-200 dark:hover:bg-slate-800"
            >
              <Download size={18} /> Export JSON
            </button>
            <Link
              to="/message/create"
              className="inline-flex items-center gap-2 rounded-lg bg-brand-600 px-4 py-2.5 text-sm font-semibold text-white hover:bg-brand-700"
            >
              <Plus size={18} /> Tambah
            </Link>
          </>
        }
      />
      <Card>
        <DataTable
          columns={columns}
          rows={messages.data?.data}
          rowKey={(message) => message.id}
          loading={messages.isPending}
          error={messages.error?.message}
        />
        <Pager page={page} totalPages={messages.data?.meta.totalPages} onPage={setPage} />
      </Card>
    </>
  );
}
