// Spec 002 §3.9 (report, claims, audit and other enumerations); 001 §3 (shipment history date type,
// custom report type, limited access match, audit category and question type, appointment status,
// insurance claim type and condition, LSP staff type, profitability report and rep types, standard date
// range filters, cargo insurance status, custom template type).

import { defineEnum, defineNamedList, type ValueRange } from './enum.ts';

/** Values not shown. */
export const ReportExportFormat = defineNamedList([
  { code: 'HTML', name: 'HTML' },
  { code: 'CSV', name: 'CSV' },
  { code: 'Excel', name: 'Excel' },
  { code: 'JSON', name: 'JSON' },
]);

export const ReportDataType = defineEnum([
  { value: 0, code: 'DateTime', name: 'Date Time' },
  { value: 1, code: 'Enum', name: 'Enum' },
  { value: 2, code: 'Number', name: 'Number' },
  { value: 3, code: 'String', name: 'String' },
  { value: 4, code: 'EnumList', name: 'Enum List' },
]);

/** Values not shown. */
export const CustomReportType = defineNamedList([
  { code: 'Shipment', name: 'Shipment' },
  { code: 'Customer', name: 'Customer' },
  { code: 'Carrier', name: 'Carrier' },
  { code: 'Report', name: 'Report' },
  { code: 'DCR', name: 'DCR' },
]);

/** Values not shown. */
export const CustomReportDeliveryFrequency = defineNamedList([
  { code: 'Weekly', name: 'Weekly' },
  { code: 'Monthly', name: 'Monthly' },
]);

/** Values not shown. */
export const CustomReportDeliveryType = defineNamedList([
  { code: 'Email', name: 'Email' },
  { code: 'FTP', name: 'FTP' },
  { code: 'SFTP', name: 'SFTP' },
]);

/** Values not shown. */
export const CustomReferenceDataType = defineNamedList([
  { code: 'Currency', name: 'Currency' },
  { code: 'Date', name: 'Date' },
  { code: 'DateTime', name: 'Date Time' },
  { code: 'Decimal', name: 'Decimal' },
  { code: 'Email', name: 'Email' },
  { code: 'Number', name: 'Number' },
  { code: 'Phone', name: 'Phone' },
  { code: 'String', name: 'String' },
]);

// ---------------------------------------------------------------------------------------------------------
// Report filter types 1 to 49. Only the decimal variants' range (26 to 30) is numbered; the other kinds
// are named by the spec without numbers (code names ours).

export const ReportFilterTypeRange: ValueRange = Object.freeze({ min: 1, max: 49 });
export const ReportFilterDecimalVariantRange: ValueRange = Object.freeze({ min: 26, max: 30 });

export const StringReportFilter = defineNamedList([
  { code: 'Equals', name: 'Equals' },
  { code: 'NotEquals', name: 'Not Equals' },
  { code: 'StartsWith', name: 'Starts With' },
  { code: 'Contains', name: 'Contains' },
  { code: 'DoesNotContain', name: 'Does Not Contain' },
]);

export const ComparisonReportFilter = defineNamedList([
  { code: 'Between', name: 'Between' },
  { code: 'GreaterOrEqual', name: 'Greater Or Equal' },
  { code: 'LessOrEqual', name: 'Less Or Equal' },
]);

export const RelativeDateReportFilter = defineNamedList([
  { code: 'Today', name: 'Today' },
  { code: 'Yesterday', name: 'Yesterday' },
  { code: 'Tomorrow', name: 'Tomorrow' },
  { code: 'ThisWeek', name: 'This Week' },
  { code: 'LastWeek', name: 'Last Week' },
  { code: 'ThisMonth', name: 'This Month' },
  { code: 'LastMonth', name: 'Last Month' },
  { code: 'ThisQuarter', name: 'This Quarter' },
  { code: 'LastQuarter', name: 'Last Quarter' },
  { code: 'ThisYear', name: 'This Year' },
  { code: 'LastYear', name: 'Last Year' },
  { code: 'Last7Days', name: 'Last 7 Days' },
  { code: 'Last14Days', name: 'Last 14 Days' },
  { code: 'Last15Days', name: 'Last 15 Days' },
  { code: 'Last30Days', name: 'Last 30 Days' },
  { code: 'Last60Days', name: 'Last 60 Days' },
  { code: 'Last90Days', name: 'Last 90 Days' },
  { code: 'Last180Days', name: 'Last 180 Days' },
  { code: 'Last12Months', name: 'Last 12 Months' },
  { code: 'Next7Days', name: 'Next 7 Days' },
  { code: 'Next14Days', name: 'Next 14 Days' },
  { code: 'Next15Days', name: 'Next 15 Days' },
  { code: 'Next30Days', name: 'Next 30 Days' },
  { code: 'Next90Days', name: 'Next 90 Days' },
  { code: 'PlusOrMinus3Days', name: 'Plus Or Minus 3 Days' },
  { code: 'PlusOrMinus7Days', name: 'Plus Or Minus 7 Days' },
  { code: 'PlusOrMinus15Days', name: 'Plus Or Minus 15 Days' },
  { code: 'PlusOrMinus30Days', name: 'Plus Or Minus 30 Days' },
  { code: 'MoreThan30DaysAgo', name: 'More Than 30 Days Ago' },
  { code: 'MoreThan90DaysAgo', name: 'More Than 90 Days Ago' },
  { code: 'MoreThan6MonthsAgo', name: 'More Than 6 Months Ago' },
  { code: 'MoreThan12MonthsAgo', name: 'More Than 12 Months Ago' },
  { code: 'DateRange', name: 'Date Range' },
  { code: 'YearToDate', name: 'Year To Date' },
]);

/** The filter subsets the spec names (which filters each holds is not shown). */
export const ReportFilterSubset = defineNamedList([
  { code: 'Bool', name: 'Bool' },
  { code: 'NonDate', name: 'Non-date' },
  { code: 'String', name: 'String' },
  { code: 'Decimal', name: 'Decimal' },
  { code: 'Date', name: 'Date' },
  { code: 'Enum', name: 'Enum' },
  { code: 'ContainsOnly', name: 'Contains only' },
]);

/** 002 §3.9, 001 §3: standard date range filters, names as the spec writes them. Values not shown. */
export const StandardDateRangeFilter = defineNamedList([
  { code: 'Yesterday', name: 'Yesterday' },
  { code: 'Today', name: 'Today' },
  { code: 'ThisMonth', name: 'This Month' },
  { code: 'ThisQuarter', name: 'This Quarter' },
  { code: 'Last7Days', name: 'Last 7 Days' },
  { code: 'Last14Days', name: 'Last 14 Days' },
  { code: 'Last15Days', name: 'Last 15 Days' },
  { code: 'Last30Days', name: 'Last 30 Days' },
  { code: 'Last90Days', name: 'Last 90 Days' },
  { code: 'LastMonth', name: 'Last Month' },
  { code: 'LastQuarter', name: 'Last Quarter' },
  { code: 'Next7Days', name: 'Next 7 days' },
  { code: 'Next14Days', name: 'Next 14 days' },
  { code: 'Next30Days', name: 'Next 30 days' },
  { code: 'Next90Days', name: 'Next 90 days' },
]);

/** Values not shown. */
export const ShipmentHistoryDateType = defineNamedList([
  { code: 'Delivery', name: 'Delivery' },
  { code: 'Quote', name: 'Quote' },
  { code: 'Pickup', name: 'Pickup' },
]);

/** Values not shown. */
export const ProfitabilityReportType = defineNamedList([
  { code: 'ByMonth', name: 'By Month' },
  { code: 'ByOrganization', name: 'By Organization' },
  { code: 'ByTariff', name: 'By Tariff' },
  { code: 'ByVendor', name: 'By Vendor' },
  { code: 'BySalesRep', name: 'By Sales Rep' },
  { code: 'Detail', name: 'Detail' },
  { code: 'ByCarrierRep', name: 'By Carrier Rep' },
]);

/** Values not shown. */
export const ProfitabilityRepType = defineNamedList([
  { code: 'SalesRep', name: 'Sales Rep' },
  { code: 'CarrierRep', name: 'Carrier Rep' },
  { code: 'Both', name: 'Both' },
]);

/** Values not shown. */
export const LspStaffType = defineNamedList([
  { code: 'CreatedBy', name: 'Created By' },
  { code: 'Assignee', name: 'Assignee' },
  { code: 'CarrierRep', name: 'Carrier Rep' },
  { code: 'SalesRep', name: 'Sales Rep' },
]);

/** Values not shown. */
export const CustomTemplateType = defineNamedList([
  { code: 'Invoice', name: 'Invoice' },
  { code: 'Tariff', name: 'Tariff' },
]);

/** Values not shown. */
export const AuditCategory = defineNamedList([
  { code: 'Pickup', name: 'Pickup' },
  { code: 'Delivery', name: 'Delivery' },
]);

/** Values not shown. */
export const AuditQuestionType = defineNamedList([
  { code: 'StarRating', name: 'Star Rating' },
  { code: 'Bool', name: 'Bool' },
  { code: 'Select', name: 'Select' },
]);

/** Values not shown. */
export const LimitedAccessMatch = defineNamedList([
  { code: 'None', name: 'None' },
  { code: 'Full', name: 'Full' },
  { code: 'Partial', name: 'Partial' },
]);

/** Values not shown. */
export const CargoInsuranceStatus = defineNamedList([
  { code: 'NotApplicable', name: 'Not Applicable' },
  { code: 'LessThan', name: 'Less Than' },
  { code: 'GreaterThan', name: 'Greater Than' },
]);

/** 002 §3.9 (region-level appointment status), 001 §3. Values not shown. */
export const AppointmentStatus = defineNamedList([
  { code: 'Available', name: 'Available' },
  { code: 'Pending', name: 'Pending' },
  { code: 'Unavailable', name: 'Unavailable' },
  { code: 'Requested', name: 'Requested' },
  { code: 'Confirmed', name: 'Confirmed' },
  { code: 'Issue', name: 'Issue' },
  { code: 'Failed', name: 'Failed' },
]);

/** Values not shown. */
export const InsuranceClaimType = defineNamedList([
  { code: 'Short', name: 'Short' },
  { code: 'Damage', name: 'Damage' },
  { code: 'ShortAndDamage', name: 'Short And Damage' },
]);

/** Values not shown. */
export const ClaimCondition = defineNamedList([
  { code: 'New', name: 'New' },
  { code: 'Used', name: 'Used' },
  { code: 'Repair', name: 'Repair' },
]);
