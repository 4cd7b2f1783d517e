import { Box, Typography } from '@material-ui/core';
import {
  Bar,
  BarChart,
  CartesianGrid,
  Legend,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';

/** A category and its values, one field per series. */
export type ChartRow = Record<string, string | number>;

/** One stacked series: which field, its name, its stack and colour. */
export interface ChartSeries<TRow> {
  dataKey: keyof TRow & string;
  name: string;
  stackId: string;
  fill: string;
}

const HEIGHT = 280;

/**
 * A stacked bar chart of a fixed size, wide enough for its categories: it
 * renders the same in every browser and in tests (a responsive chart
 * measures its container, which jsdom cannot), and the card scrolls sideways
 * when a fleet has many regions. The legend keeps the series' order.
 */
export function StackedBarChart<TRow extends ChartRow>(props: {
  testId: string;
  title: string;
  rows: TRow[];
  category: keyof TRow & string;
  series: ChartSeries<TRow>[];
  widthPerCategory: number;
  unit?: string;
  wholeNumbers?: boolean;
}) {
  const { series } = props;
  // Plain rows and field names from here on: the series were checked
  // against the row type where they were declared.
  const data: ChartRow[] = props.rows;
  const category: string = props.category;
  const fields: { key: string; series: ChartSeries<TRow> }[] = series.map(
    s => ({ key: s.dataKey, series: s }),
  );
  const width = Math.max(360, 100 + props.rows.length * props.widthPerCategory);
  return (
    <Box data-testid={props.testId} style={{ overflowX: 'auto' }}>
      <Typography variant="subtitle2">{props.title}</Typography>
      <BarChart
        width={width}
        height={HEIGHT}
        data={data}
        margin={{ top: 8, right: 16, bottom: 8, left: 8 }}
      >
        <CartesianGrid strokeDasharray="3 3" vertical={false} />
        <XAxis dataKey={category} interval={0} />
        <YAxis allowDecimals={!props.wholeNumbers} />
        <Tooltip
          formatter={value =>
            props.unit ? `${value} ${props.unit}` : String(value)
          }
        />
        <Legend
          itemSorter={item => series.findIndex(s => s.name === item.value)}
        />
        {fields.map(({ key, series: s }) => (
          <Bar
            key={key}
            dataKey={key}
            name={s.name}
            stackId={s.stackId}
            fill={s.fill}
            isAnimationActive={false}
          />
        ))}
      </BarChart>
    </Box>
  );
}
