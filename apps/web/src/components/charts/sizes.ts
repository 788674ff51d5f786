/** The trend chart's drawing height, shared with its placeholder so the chart replaces it in place. */
export const TREND_CHART_HEIGHT = 180;
