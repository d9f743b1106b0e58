/**
 * The JSONTree mode (spec part 2 §2 `type` 2): a collection beyond 50 items starts collapsed and opens in
 * ranges of 50 (spec part 2 §9).
 */
import { TREE_COLLECTION_LIMIT } from '@sewablast/contract/monitor';
import { JSONTree } from 'react-json-tree';
import { useTheme } from '../../lib/theme.ts';
import { jsonTreeTheme } from './viewer-themes.ts';

const sizeOf = (value: unknown) =>
  Array.isArray(value) ? value.length : value && typeof value === 'object' ? Object.keys(value).length : 0;

export default function JsonTreeView({ data }: { data: object }) {
  const [theme] = useTheme();
  return (
    <div className="rounded-lg px-2 [&>ul]:!m-0 [&>ul]:!py-2">
      <JSONTree
        data={data}
        hideRoot
        theme={jsonTreeTheme(theme)}
        invertTheme={false}
        collectionLimit={TREE_COLLECTION_LIMIT}
        shouldExpandNodeInitially={(_keyPath, value) => sizeOf(value) <= TREE_COLLECTION_LIMIT}
      />
    </div>
  );
}
