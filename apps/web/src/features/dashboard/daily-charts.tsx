/**
 * The dashboards' daily charts, drawn with recharts. Imported lazily by charts-section.tsx: recharts is most
 * of this chunk's weight, and the dashboard's first screen must not wait for it.
 */
import type { TBlastDaily, TIncomeDaily, TPaidDaily } from '@sewablast/contract/dashboard';
import { DASHBOARD_TEXT as T } from '@sewablast/contract/dashboard-text';
import type { ReactElement } from 'react';
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatCompact, formatDay, formatNumber, formatRupiah } from '../../lib/format.ts';
import { type Theme, useTheme } from '../../lib/theme.ts';

const HEIGHT = 260;
const COLOR = { success: '#10b981', fail: '#ef4444', paid: '#0ea5e9', blast: '#0ea5e9', referral: '#d946ef' };

/** Axis, grid and tooltip colours of the slate scale the rest of the dashboard uses, per theme. */
function palette(theme: Theme) {
  return theme === 'dark'
    ? { axis: '#94a3b8', grid: '#1e293b', surface: '#0f172a', border: '#334155', text: '#f1f5f9', cursor: '#1e293b' }
    : { axis: '#475569', grid: '#e2e8f0', surface: '#ffffff', border: '#e2e8f0', text: '#0f172a', cursor: '#f1f5f9' };
}

/** The parts every chart shares: the frame, the day axis, the value axis and the tooltip, in the theme's colours. */
function Frame({
  data,
  money,
  legend,
  children,
}: {
  data: object[];
  money?: boolean;
  /** For a chart of more than one series. */
  legend?: boolean;
  children: ReactElement | ReactElement[];
}) {
  const [theme] = useTheme();
  const colors = palette(theme);
  const tick = { fill: colors.axis, fontSize: 12 };
  return (
    // The figures are in the table beside the chart for assistive technology; the drawing is for the eye.
    <div aria-hidden="true" className="w-full min-w-0" style={{ height: HEIGHT }}>
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: 0 }} accessibilityLayer={false}>
          <CartesianGrid vertical={false} stroke={colors.grid} />
          <XAxis
            dataKey="day"
            tickFormatter={(day: string) => formatDay(day)}
            tick={tick}
            tickLine={false}
            axisLine={{ stroke: colors.grid }}
            minTickGap={16}
          />
          <YAxis
            allowDecimals={false}
            tickFormatter={(value: number) => formatCompact(value)}
            tick={tick}
            tickLine={false}
            axisLine={false}
            width={48}
          />
          <Tooltip
            cursor={{ fill: colors.cursor }}
            contentStyle={{
              background: colors.surface,
              border: `1px solid ${colors.border}`,
              borderRadius: 8,
              color: colors.text,
            }}
            labelStyle={{ color: colors.text, fontWeight: 600 }}
            labelFormatter={(day) => formatDay(String(day), true)}
            formatter={(value) => (money ? formatRupiah(Number(value)) : formatNumber(Number(value)))}
          />
          {legend && (
            <Legend
              wrapperStyle={{ fontSize: 12 }}
              formatter={(name) => <span style={{ color: colors.axis }}>{name}</span>}
            />
          )}
          {children}
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}

export function BlastChart({ list }: { list: TBlastDaily['list'] }) {
  return (
    <Frame data={list} legend>
      <Bar dataKey="success" name={T.success} stackId="blasts" fill={COLOR.success} />
      <Bar dataKey="fail" name={T.fail} stackId="blasts" fill={COLOR.fail} radius={[3, 3, 0, 0]} />
    </Frame>
  );
}

export function PaidChart({ list }: { list: TPaidDaily['list'] }) {
  return (
    <Frame data={list} money>
      <Bar dataKey="total" name={T.paid} fill={COLOR.paid} radius={[3, 3, 0, 0]} />
    </Frame>
  );
}

/** A member's income per day: blast fees and referral shares stacked. */
export function IncomeChart({ list }: { list: TIncomeDaily['list'] }) {
  return (
    <Frame data={list} money legend>
      <Bar dataKey="blast" name={T.blastIncome} stackId="income" fill={COLOR.blast} />
      <Bar dataKey="referral" name={T.referralIncome} stackId="income" fill={COLOR.referral} radius={[3, 3, 0, 0]} />
    </Frame>
  );
}
