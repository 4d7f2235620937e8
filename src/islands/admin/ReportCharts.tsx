// The reports dashboard's charts (Apache ECharts, only the parts used, so the reports page alone
// carries them). The tables beside them stay server-rendered and readable without this island.
import { BarChart, LineChart, PieChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { useEffect, useRef } from 'react';

echarts.use([
  BarChart,
  LineChart,
  PieChart,
  GridComponent,
  LegendComponent,
  TooltipComponent,
  CanvasRenderer,
]);

type Option = Parameters<echarts.ECharts['setOption']>[0];

function Chart({ option, label, testid }: { option: Option; label: string; testid: string }) {
  const el = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!el.current) return;
    const chart = echarts.init(el.current);
    chart.setOption(option);
    const resize = () => chart.resize();
    window.addEventListener('resize', resize);
    el.current.dataset['ready'] = '1';
    return () => {
      window.removeEventListener('resize', resize);
      chart.dispose();
    };
  }, [option]);
  return (
    <figure className="rounded border border-gray-200 bg-white p-2">
      <figcaption className="text-sm font-semibold text-gray-700">{label}</figcaption>
      <div ref={el} role="img" aria-label={label} data-testid={testid} className="h-64 w-full" />
    </figure>
  );
}

export interface ReportChartData {
  periods: string[];
  orders: number[];
  amount: number[];
  views: number[];
  viewOrders: number[];
  topGoods: { name: string; amount: number }[];
  payments: { name: string; value: number }[];
}

const COLORS = ['#1d4ed8', '#f59e0b', '#059669', '#dc2626', '#7c3aed'];

export default function ReportCharts({ data }: { data: ReportChartData }) {
  const sales: Option = {
    color: COLORS,
    tooltip: { trigger: 'axis' },
    legend: { top: 0, right: 0, data: ['金额（元）', '订单数'] },
    grid: { left: 60, right: 50, top: 60, bottom: 30 },
    xAxis: { type: 'category', data: data.periods },
    yAxis: [
      { type: 'value', name: '元' },
      { type: 'value', name: '单', minInterval: 1 },
    ],
    series: [
      { name: '金额（元）', type: 'bar', barMaxWidth: 36, data: data.amount },
      { name: '订单数', type: 'line', yAxisIndex: 1, data: data.orders },
    ],
  };
  const traffic: Option = {
    color: COLORS.slice(2),
    tooltip: { trigger: 'axis' },
    legend: { top: 0, right: 0, data: ['浏览量', '订单数'] },
    grid: { left: 50, right: 50, top: 60, bottom: 30 },
    xAxis: { type: 'category', data: data.periods },
    yAxis: [
      { type: 'value', minInterval: 1 },
      { type: 'value', minInterval: 1 },
    ],
    series: [
      { name: '浏览量', type: 'line', data: data.views },
      { name: '订单数', type: 'line', yAxisIndex: 1, data: data.viewOrders },
    ],
  };
  const goods: Option = {
    color: COLORS,
    tooltip: { trigger: 'axis' },
    grid: { left: 140, right: 30, top: 10, bottom: 30 },
    xAxis: { type: 'value', name: '元' },
    yAxis: { type: 'category', inverse: true, data: data.topGoods.map((g) => g.name) },
    series: [
      {
        name: '金额（元）',
        type: 'bar',
        barMaxWidth: 24,
        data: data.topGoods.map((g) => g.amount),
      },
    ],
  };
  const pay: Option = {
    color: COLORS,
    tooltip: { trigger: 'item' },
    legend: { bottom: 0 },
    series: [{ name: '支付方式', type: 'pie', radius: ['35%', '65%'], data: data.payments }],
  };
  return (
    <div className="grid grid-cols-1 gap-3 lg:grid-cols-2" data-testid="report-charts">
      <Chart option={sales} label="销售额与订单数" testid="chart-sales" />
      <Chart option={traffic} label="浏览量与订单数" testid="chart-traffic" />
      <Chart option={goods} label="热销商品（金额）" testid="chart-goods" />
      <Chart option={pay} label="支付方式（金额）" testid="chart-payments" />
    </div>
  );
}
