export interface ChartPoint {
  label: string;
  value: number;
}

export interface ChartProps {
  title: string;
  points: readonly ChartPoint[];
  /** How values read (rupee format for amounts). */
  format: (value: number) => string;
}
