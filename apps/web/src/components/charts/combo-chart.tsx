import { Box, VisuallyHidden } from "@mantine/core";
import {
  BarController,
  BarElement,
  CategoryScale,
  type ChartData,
  Chart as ChartJS,
  type ChartOptions,
  Filler,
  Legend,
  LinearScale,
  LineController,
  LineElement,
  PointElement,
  Tooltip,
} from "chart.js";
import { Chart } from "react-chartjs-2";

/**
 * Only what the reports draw is registered (bars, lines, two axes, tooltip, legend), so the charts chunk carries no
 * chart type nobody uses. This module is reached only through lazily loaded pages and tabs (decision 013).
 */
ChartJS.register(
  BarController,
  BarElement,
  LineController,
  LineElement,
  PointElement,
  CategoryScale,
  LinearScale,
  Filler,
  Tooltip,
  Legend,
);

export interface ChartSeries {
  type: "bar" | "line";
  label: string;
  data: number[];
  /** One colour, or one per bar. */
  color: string | string[];
  /** A dashed line (a limit, a capacity). */
  dashed?: boolean;
  /** From this point on the line is dashed: what follows is a forecast, not what happened. */
  dashedFrom?: number;
  /** Line drawn without points, as a level rather than a series of readings. */
  flat?: boolean;
  /** A level that holds across each label and changes between them (a day's capacity). */
  stepped?: boolean;
}

export interface ComboChartProps {
  labels: string[];
  series: ChartSeries[];
  /** What the chart shows, for screen readers (the canvas itself says nothing). */
  ariaLabel: string;
  formatValue: (value: number) => string;
  height?: number;
  suggestedMax?: number;
  /** Bars side by side (default) or stacked. */
  stacked?: boolean;
}

/**
 * A bar and line chart on a canvas, with the same figures in a table for screen readers (and for anyone who reads the
 * page without a canvas).
 */
export function ComboChart({
  labels,
  series,
  ariaLabel,
  formatValue,
  height = 280,
  suggestedMax,
  stacked = false,
}: ComboChartProps) {
  const data: ChartData<"bar" | "line", number[], string> = {
    labels,
    datasets: series.map((s) =>
      s.type === "bar"
        ? {
            type: "bar" as const,
            label: s.label,
            data: s.data,
            backgroundColor: s.color,
            borderRadius: 4,
            maxBarThickness: 28,
            order: 2,
          }
        : {
            type: "line" as const,
            label: s.label,
            data: s.data,
            borderColor: s.color,
            backgroundColor: s.color,
            borderWidth: 2,
            borderDash: s.dashed ? [6, 4] : undefined,
            pointRadius: s.flat ? 0 : 2,
            pointHoverRadius: 4,
            tension: 0,
            stepped: s.stepped ? ("middle" as const) : false,
            order: 1,
            segment:
              s.dashedFrom === undefined
                ? undefined
                : { borderDash: (context) => (context.p0DataIndex >= (s.dashedFrom ?? 0) ? [6, 4] : undefined) },
          },
    ),
  };
  const options: ChartOptions<"bar" | "line"> = {
    responsive: true,
    maintainAspectRatio: false,
    animation: false,
    interaction: { mode: "index", intersect: false },
    plugins: {
      legend: {
        position: "bottom",
        // In the order the series are given, not the drawing order that puts lines above bars.
        labels: {
          boxWidth: 12,
          boxHeight: 12,
          usePointStyle: true,
          sort: (a, b) => (a.datasetIndex ?? 0) - (b.datasetIndex ?? 0),
          // Bars of one colour each are named by their categories below them: the legend names the rest.
          filter: (item, chart) => !Array.isArray(chart.datasets[item.datasetIndex ?? 0]?.backgroundColor),
        },
      },
      tooltip: {
        callbacks: { label: (item) => `${item.dataset.label ?? ""}: ${formatValue(Number(item.parsed.y))}` },
      },
    },
    scales: {
      // A few categories are all named, turned if they must; a long run of days skips some names.
      x: {
        stacked,
        grid: { display: false },
        ticks: labels.length > 8 ? { autoSkip: true, maxRotation: 0 } : { autoSkip: false, maxRotation: 45 },
      },
      y: {
        stacked,
        beginAtZero: true,
        suggestedMax,
        ticks: { callback: (value) => formatValue(Number(value)), maxTicksLimit: 6 },
      },
    },
  };

  return (
    <figure style={{ margin: 0 }}>
      <Box h={height} pos="relative" aria-hidden>
        <Chart type="bar" data={data as ChartData<"bar", number[], string>} options={options as ChartOptions<"bar">} />
      </Box>
      <VisuallyHidden>
        <table>
          <caption>{ariaLabel}</caption>
          <thead>
            <tr>
              <th scope="col" />
              {series.map((s) => (
                <th key={s.label} scope="col">
                  {s.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {labels.map((label, index) => (
              <tr key={label}>
                <th scope="row">{label}</th>
                {series.map((s) => (
                  <td key={s.label}>{formatValue(s.data[index] ?? 0)}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </VisuallyHidden>
    </figure>
  );
}
