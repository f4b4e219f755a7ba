export {
  CarrierScoreWidget,
  type CarrierScoreWidgetProps,
  SCORE_UNAVAILABLE_TEXT,
} from './CarrierScoreWidget.tsx';
