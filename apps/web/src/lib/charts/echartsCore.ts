/**
 * The parts of ECharts the console's charts use, registered once. Only imported through
 * loadECharts (a dynamic import), so ECharts is a chunk of its own that neither the sign-in
 * page nor the console shell downloads.
 */
import { BarChart, LineChart, PieChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { SVGRenderer } from 'echarts/renderers';

echarts.use([BarChart, LineChart, PieChart, GridComponent, LegendComponent, TooltipComponent, SVGRenderer]);

export { echarts };
