// Spec 000 §8 (error catalogue: toasts, success messages, dispatch outcomes, search messages, dialogs),
// 000 §2, §3, §4, §5 (texts quoted there: carrier card, last location, cancel, zip, pager); 001 §5, §8, §9
// (validation texts, error catalogue, default import message).
//
// Every user-facing text is defined exactly once, word for word as the spec writes it, including its
// spelling ("occured") and punctuation (or the lack of it). Texts the spec describes without quoting
// (over-credit notice wording, email delivery warnings, mailbox errors for unauthorized accounts: "wording
// not shown") are left out rather than invented.

/** Recursively freezes a plain object (functions are left as they are). */
function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object') {
    for (const child of Object.values(value)) deepFreeze(child);
    Object.freeze(value);
  }
  return value;
}

const STATUS_UPDATE_FAILED_DEFAULT =
  'Error: An error occured updating shipment information. Please try again.';
const DISPATCH_FAILED = 'Shipment dispatch failed.';
const DISPATCH_FAILED_NO_DETAILS = 'Shipment dispatch failed. View activity log for details.';
const DELETE_ATTACHMENT_FAILED = 'Unable to delete the attachment. Please try again.';
const ERROR_PREFIX = 'Error: ';

export const messages = deepFreeze({
  common: {
    /** 000 §4: placeholder of the manual status list (and other pickers). */
    selectPlaceholder: '--Select--',
    /** 000 §8: prefix of an error toast built from model validation errors. */
    errorPrefix: ERROR_PREFIX,
    genericError: 'An error occured. Please try again.',
    unableToGetResults: 'Error: Unable to get results',
  },

  shipment: {
    loadFailed: 'Unable to load shipment. Please try again.',
    loadInformationFailed: 'Unable to load shipment information. Please try again.',
    /** 000 §2: carrier card fallbacks. */
    noCarrier: 'No Carrier',
    noCarrierPhone: 'No Carrier Phone',
    informationUpdated: 'Information updated successfully',
    consolidationCheckFailed: 'Unable to check for Consolidation status. Please try again.',
    invoiceUpdateFailed: 'There was an error updating invoice.',
  },

  statusUpdate: {
    /** 000 §4, §8: when the cancel confirmation is dismissed. */
    notCanceled: 'Shipment was not set to canceled.',
    /**
     * 000 §2 item 5, the shipment-canceled confirmation modal (texts ours: the spec shows none). It says what
     * the cancel does: the status becomes Canceled, and a Quote, Committed or Ready shipment is marked a lost
     * quote with its system alert (000 §4).
     */
    cancelConfirm: {
      title: (shipmentId: number): string => `Cancel shipment ${shipmentId}`,
      text: (shipmentId: number, lostQuote: boolean): string =>
        lostQuote
          ? `Shipment ${shipmentId} will be set to Canceled and marked as a lost quote: a Lost quote alert is added to it.`
          : `Shipment ${shipmentId} will be set to Canceled.`,
      confirm: 'Cancel shipment',
      cancel: 'Keep shipment',
    },
    failedDefault: STATUS_UPDATE_FAILED_DEFAULT,
    /**
     * 000 §8: 'Error: ' followed by the model validation errors (400 entries whose key contains 'model.'),
     * or the default text when there are none. The errors are joined with a space (our choice; the spec
     * does not give a separator).
     */
    failed: (modelErrors: readonly string[]): string =>
      modelErrors.length > 0 ? ERROR_PREFIX + modelErrors.join(' ') : STATUS_UPDATE_FAILED_DEFAULT,
  },

  proNumber: {
    validateFailed: 'Error: Unable to validate pro number.',
  },

  /** 000 §8: dispatch outcomes after a status update to Dispatched, Ready or Sent. */
  dispatch: {
    dispatched: 'Shipment has been dispatched. View activity log for details.',
    failed: DISPATCH_FAILED,
    failedNoDetails: DISPATCH_FAILED_NO_DETAILS,
    /** 'Shipment dispatch failed.' followed by each error message (joined with a space, our choice), or the
     * no-details text when there are none. */
    failedWithErrors: (errorMessages: readonly string[]): string =>
      errorMessages.length > 0 ? [DISPATCH_FAILED, ...errorMessages].join(' ') : DISPATCH_FAILED_NO_DETAILS,
    /** A warning, not an error. */
    notAvailable: 'Electronic dispatch is not available for this shipment.',
  },

  locations: {
    loadFailed: 'Unable to load shipment locations. Please try again.',
    loadArchivedFailed: 'Unable to load archived shipment locations. Please try again.',
    /** 000 §3: last-location fallbacks. */
    noLocationData: 'No Location Data Available',
    noLocationTracking: 'No Location Tracking Available',
    /** 000 §8: tracking test warning. */
    trackingTestUpdateFailed: 'Unable to update Shipment location information',
    trackingTestUpdated: 'Successfully updated location for shipment!',
    trackingLinkFailed: 'Unable to get Tracking link!',
    trackingLinkCopied: 'Tracking link copied to clipboard!',
  },

  driverLocation: {
    requestFailed: 'Failed to send message to request drivers location.',
    requestSent: 'Successfully sent message to request drivers location.',
  },

  activities: {
    /** Also used as the activity log's search message. */
    loadFailed: 'Unable to get activities. Please try again.',
    addFailed: 'Unable to add activity. Please try again.',
    added: 'Activity added successfully!',
    accessLevelChangeFailed: 'There was a problem changing the access level for this activity log entry.',
    accessLevelUpdated: 'Activity access level updated successfully!',
    pushToChildrenFailed: 'There was a problem pushing activities to child shipments.',
    pushedToChildren: 'Parent activity pushed to child shipments successfully!',
  },

  attachments: {
    deleteFailed: DELETE_ATTACHMENT_FAILED,
    /** 000 §8: the first server message is shown if present. */
    deleteFailedWith: (serverMessages?: readonly string[] | null): string => {
      const first = serverMessages?.find((m) => m.trim().length > 0);
      return first ?? DELETE_ATTACHMENT_FAILED;
    },
    deleted: 'Attachment deleted successfully!',
    uploadedDocumentsLoadFailed: 'Unable to get uploaded documents. Please try again.',
    accessLevelChangeFailed: 'There was a problem changing the access level for this attachment',
    /** 001 §8. */
    loadFailed: 'Error. Unable to load attachments.',
    uploadFailed: 'There was an error uploading attachment.',
    carrierDocumentDownloadFailed: 'Error: Unable to download carrier document.',
    /** 001 §5. */
    noFileSelected: 'No file was selected. Please select a file to upload and try again.',
  },

  billTo: {
    updateFailed: 'Error: An error occured updating shipment bill to. Please try again.',
    deleteFailed: 'Error: Unable to delete Bill To Address. Please try again.',
    loadFailed: 'Unable to load shipment bill to information. Please try again.',
    deleted: 'Shipment Bill To Deleted',
  },

  /** 000 §8 and 001 §8 (the same text in both). */
  systemAlerts: {
    loadFailed: 'Unable to get system alerts. Please reload the page.',
  },

  zip: {
    /** 000 §5: unknown zip (a warning). */
    invalid: 'Invalid ZIP code.',
    /** 000 §5: quick quote zip validation (a warning). */
    someInvalid: 'One or more zip codes are invalid.',
    validateFailed: 'An error occurred validating the ZIP code.',
  },

  pager: {
    /** 000 §5: a table pager without headers fails with this. */
    headersRequired: 'You must provide headers!',
  },

  support: {
    ticketSent: 'Support Ticket Sent successfully',
  },

  search: {
    searching: 'Searching...',
    noResults: 'No Results Found',
    /** 000 §8: '{n} results found.' */
    resultsFound: (count: number): string => `${count} results found.`,
    /** 001 §8: 'Unable to search {kind}. Please try again.' */
    unableToSearch: (kind: string): string => `Unable to search ${kind}. Please try again.`,
  },

  favorites: {
    loadFailed: 'Unable to get favorite status.',
    /** 001 §8: 'Unable to update favorite. Error: {message}' */
    updateFailed: (message: string): string => `Unable to update favorite. Error: ${message}`,
    inheritedCarrier: 'Cannot set favorites for inherited carriers.',
  },

  email: {
    userEmailsLoadFailed: 'Unable to load user emails. Please try again.',
    documentsNotSent: 'Error. Documents not sent. Please try again',
    signatureLoadFailed: 'Unable to load signature.',
    suggestionsFailed: 'Error. Unable to get suggestions.',
    trackingStatusTemplateMissing: 'Content template for tracking status request was not found.',
    /** 001 §5. */
    recipientRequired: 'Please enter a valid email or fax or select a valid contact.',
    contactWithoutEmail: 'No email available. Contact not added',
  },

  carrier: {
    complianceCheckFailed: 'There was an error checking carrier compliance.',
    complianceInfoFailed: 'Unable to Get Compliance Info',
    /** 001 §5. */
    confirmationSheetOutOfCompliance:
      'The Carrier Confirmation Sheet is not available because the carrier is out of compliance.',
    portalLinkMissing: 'Carrier portal link does not exist!',
  },

  payment: {
    /** 001 §8 (payment errors also list the server messages). */
    chargeFailed: 'Error: Unable to charge customer profile',
  },

  mailbox: {
    /** 001 §5: IMAP configuration without username, password and outgoing server. */
    allFieldsRequired: 'All fields are required to update your mailbox configuration. Please try again.',
  },

  inlineEditor: {
    saveFailed: 'Error: Unable to save changes.',
  },

  organizationSelect: {
    loadFailed: 'Error: Unable to get organizations',
  },

  bulkImport: {
    /** 001 §9: default import processing message. */
    importingFiles: 'Importing Files...',
  },

  dialogs: {
    unsavedChanges: {
      title: 'Warning: Unsaved Data',
      text: 'You have unsaved data on this page. All unsaved changes will be discarded Are you sure you want to leave?',
      confirm: 'Yes, Discard My Changes',
      cancel: 'No, Stay On Page',
    },
    deleteBillTo: {
      text: 'Are you sure you want to delete the bill to address?',
    },
    /** Generic dialog defaults. */
    generic: {
      title: 'Warning',
      text: 'Are you sure you want to continue?',
      confirm: 'Continue',
      cancel: 'Cancel',
    },
  },
} as const);

export type Messages = typeof messages;
