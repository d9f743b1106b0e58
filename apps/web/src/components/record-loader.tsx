/**
 * What an edit page shows before its form: 'No Data' when the address names no record, a spinner while
 * the record loads, the error when it cannot, then the form with the record.
 */
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Alert } from './alert.tsx';
import { Spinner } from './spinner.tsx';

export function RecordLoader<T>({
  id,
  query,
  children,
}: {
  /** The record named by the address, or null when it names none. */
  id: number | null;
  query: UseQueryResult<T, Error>;
  children: (record: T) => ReactNode;
}) {
  if (id === null) return <Alert tone="error">No Data</Alert>;
  if (query.isPending)
    return (
      <div className="py-10 text-center text-brand-600">
        <Spinner size={24} />
      </div>
    );
  if (query.error) return <Alert tone="error">{query.error.message}</Alert>;
  return <>{children(query.data as T)}</>;
}
