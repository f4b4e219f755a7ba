export { CommodityLinesCard, type CommodityLinesCardProps } from './CommodityLinesCard.tsx';
