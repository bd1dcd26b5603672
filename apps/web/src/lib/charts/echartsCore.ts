/**
 * The parts of ECharts the console's charts use, registered once. Only imported through
 * loadECharts (a dynamic import), so ECharts is a chunk of its own that neither the sign-in
 * page nor the console shell downloads.
 */
import { BarChart } from 'echarts/charts';
import { GridComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { SVGRenderer } from 'echarts/renderers';

echarts.use([BarChart, GridComponent, TooltipComponent, SVGRenderer]);

export { echarts };
