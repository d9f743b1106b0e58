/** The member's level as a badge in the level's colour (spec part 2 §2 Profile; DESIGN §5.4). */
import { PROFILE_TEXT } from '@sewablast/contract/profile';
import { badgeTextColor } from './badge-text.ts';

export function LevelBadge({ level, color }: { level: string | null; color: string | null }) {
  const text = color ? badgeTextColor(color) : null;
  if (!level) {
    return (
      <span className="inline-flex rounded-full bg-slate-100 px-3 py-1 text-xs font-semibold text-slate-700 dark:bg-slate-800 dark:text-slate-200">
        {PROFILE_TEXT.noLevel}
      </span>
    );
  }
  return (
    <span
      data-testid="level-badge"
      className="inline-flex rounded-full bg-brand-600 px-3 py-1 text-xs font-semibold text-white ring-1 ring-slate-900/10 dark:ring-white/20"
      style={text && color ? { backgroundColor: color, color: text } : undefined}
    >
      {level}
    </span>
  );
}
