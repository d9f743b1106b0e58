/** The JsonViewer mode (spec part 2 §2 `type` 1), in the dashboard's light or dark theme. */
import JsonView from '@uiw/react-json-view';
import { useTheme } from '../../lib/theme.ts';
import { jsonViewStyle } from './viewer-themes.ts';

export default function JsonViewer({ value }: { value: object }) {
  const [theme] = useTheme();
  return <JsonView value={value} style={jsonViewStyle(theme)} displayDataTypes={false} />;
}
