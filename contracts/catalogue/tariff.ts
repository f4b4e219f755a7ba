// Spec 002 §3.7 (tariff, rating and quote enumerations, load board posting status), §9 (tariff expiry
// bands); 001 §3 (lane match type, load board posting status, tariff liability coverage).

import { defineEnum, defineNamedList, type EnumValue } from './enum.ts';

/** Values not shown. */
export const TariffStatus = defineNamedList([
  { code: 'Active', name: 'Active' },
  { code: 'Disabled', name: 'Disabled' },
  { code: 'Testing', name: 'Testing' },
]);

/** Values not shown. The 30 and 60 days are the tariff expiry bands of 002 §9. */
export const TariffExpirationStatus = defineNamedList([
  { code: 'Current', name: 'Current' },
  { code: 'ExpiringIn30Days', name: 'Expiring In 30 Days' },
  { code: 'ExpiringIn60Days', name: 'Expiring In 60 Days' },
  { code: 'Expired', name: 'Expired' },
]);

/** 002 §3.7: "Any 0, LTL, ..., FinalMile (11)": numbered by position from 0 to 11. */
export const TariffMode = defineEnum([
  { value: 0, code: 'Any', name: 'Any' },
  { value: 1, code: 'LTL', name: 'LTL' },
  { value: 2, code: 'Truckload', name: 'Truckload' },
  { value: 3, code: 'Ocean', name: 'Ocean' },
  { value: 4, code: 'Air', name: 'Air' },
  { value: 5, code: 'Cartage', name: 'Cartage' },
  { value: 6, code: 'SmallPackage', name: 'Small Package' },
  { value: 7, code: 'Drayage', name: 'Drayage' },
  { value: 8, code: 'WhiteGlove', name: 'White Glove' },
  { value: 9, code: 'Insurance', name: 'Insurance' },
  { value: 10, code: 'FirstMile', name: 'First Mile' },
  { value: 11, code: 'FinalMile', name: 'Final Mile' },
]);
export type TariffModeValue = EnumValue<typeof TariffMode>;

/** 002 §3.7: "External 0, Pallet, ..., DimensionalWeight (11)": numbered by position from 0 to 11. */
export const TariffCalculationType = defineEnum([
  { value: 0, code: 'External', name: 'External' },
  { value: 1, code: 'Pallet', name: 'Pallet' },
  { value: 2, code: 'CWT', name: 'CWT' },
  { value: 3, code: 'Flat', name: 'Flat' },
  { value: 4, code: 'Call', name: 'Call' },
  { value: 5, code: 'Mileage', name: 'Mileage' },
  { value: 6, code: 'DoNotService', name: 'Do Not Service' },
  { value: 7, code: 'Pieces', name: 'Pieces' },
  { value: 8, code: 'Density', name: 'Density' },
  { value: 9, code: 'CubicFoot', name: 'Cubic Foot' },
  { value: 10, code: 'Percentage', name: 'Percentage' },
  { value: 11, code: 'DimensionalWeight', name: 'Dimensional Weight' },
]);

export const TariffServiceType = defineEnum([
  { value: 0, code: 'All', name: 'All' },
  { value: 1, code: 'DD', name: 'DD' },
  { value: 2, code: 'II', name: 'II' },
  { value: 3, code: 'ID', name: 'ID' },
  { value: 4, code: 'DI', name: 'DI' },
  { value: 5, code: 'NS', name: 'NS' },
  { value: 6, code: 'NF', name: 'NF' },
  { value: 7, code: 'AS', name: 'AS' },
]);

/** Values not shown. */
export const TariffActivityType = defineNamedList([
  { code: 'Tariff', name: 'Tariff' },
  { code: 'FAK', name: 'FAK' },
  { code: 'Region', name: 'Region' },
  { code: 'TariffDetail', name: 'Tariff Detail' },
  { code: 'LiabilityCoverage', name: 'Liability Coverage' },
]);

export const TariffDisplayType = defineEnum([
  { value: 0, code: 'BrokerAndCustomer', name: 'Broker And Customer' },
  { value: 1, code: 'BrokerOnly', name: 'Broker Only' },
]);

export const UpchargeCalculationType = defineEnum([
  { value: 1, code: 'Pallet', name: 'Pallet' },
  { value: 2, code: 'CWT', name: 'CWT' },
  { value: 3, code: 'Flat', name: 'Flat' },
  { value: 5, code: 'Mileage', name: 'Mileage' },
  { value: 6, code: 'NoUpcharge', name: 'No Upcharge' },
  { value: 7, code: 'Pieces', name: 'Pieces' },
  { value: 10, code: 'Percentage', name: 'Percentage' },
]);

export const TariffBillToType = defineEnum([
  { value: 0, code: 'Third', name: 'Third' },
  { value: 1, code: 'First', name: 'First' },
  { value: 2, code: 'Prepaid', name: 'Prepaid' },
  { value: 3, code: 'Collect', name: 'Collect' },
  { value: 4, code: 'ThirdPartyCollect', name: 'Third Party Collect' },
]);

export const LinkType = defineEnum([
  { value: 0, code: 'Allow', name: 'Allow' },
  { value: 1, code: 'Exclude', name: 'Exclude' },
]);

/** 002 §3.7, 001 §3. Values not shown. */
export const LaneMatchType = defineNamedList([
  { code: 'State', name: 'State' },
  { code: 'ZipCode', name: 'Zip Code' },
  { code: 'Radius25Miles', name: '25 mile radius' },
  { code: 'Radius50Miles', name: '50 mile radius' },
  { code: 'Radius100Miles', name: '100 mile radius' },
]);

/** Values not shown. */
export const RatingType = defineNamedList([
  { code: 'LTL', name: 'LTL' },
  { code: 'FTL', name: 'FTL' },
  { code: 'Cartage', name: 'Cartage' },
  { code: 'Ocean', name: 'Ocean' },
  { code: 'Insurance', name: 'Insurance' },
]);

/** Values not shown. */
export const MileageCalculation = defineNamedList([
  { code: 'Practical', name: 'Practical' },
  { code: 'Shortest', name: 'Shortest' },
]);

/**
 * 002 §3.7: quote types "History, Region, several load-board and rate-view kinds, Tariff, API". The
 * load-board and rate-view kinds are not named, so only the named ones are listed. Values not shown.
 */
export const QuoteType = defineNamedList([
  { code: 'History', name: 'History' },
  { code: 'Region', name: 'Region' },
  { code: 'Tariff', name: 'Tariff' },
  { code: 'API', name: 'API' },
]);

/** Values not shown. */
export const QuoteStatus = defineNamedList([
  { code: 'Active', name: 'Active' },
  { code: 'Rejected', name: 'Rejected' },
  { code: 'Selected', name: 'Selected' },
]);

export const SourceParameterInputType = defineEnum([
  { value: 0, code: 'Text', name: 'Text' },
  { value: 1, code: 'Number', name: 'Number' },
  { value: 2, code: 'Checkbox', name: 'Checkbox' },
  { value: 3, code: 'Dropdown', name: 'Dropdown' },
]);

/** 002 §3.7, 001 §3. Values not shown. */
export const LoadBoardPostingStatus = defineNamedList([
  { code: 'NotPosted', name: 'Not Posted' },
  { code: 'Posted', name: 'Posted' },
  { code: 'Processing', name: 'Processing' },
  { code: 'Mixed', name: 'Mixed' },
  { code: 'PostingSoonToBeRemoved', name: 'Posting Soon To Be Removed' },
  { code: 'Closed', name: 'Closed' },
  { code: 'Failed', name: 'Failed' },
]);
