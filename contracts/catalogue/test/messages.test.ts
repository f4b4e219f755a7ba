import { describe, expect, it } from 'vitest';
import { messages } from '../messages.ts';

function collectStrings(value: unknown, path: string, out: [string, string][]): void {
  if (typeof value === 'string') out.push([path, value]);
  else if (value !== null && typeof value === 'object') {
    for (const [key, child] of Object.entries(value))
      collectStrings(child, path ? `${path}.${key}` : key, out);
  }
}

describe('messages', () => {
  it('defines each text once', () => {
    const all: [string, string][] = [];
    collectStrings(messages, '', all);
    const seen = new Map<string, string>();
    const duplicates: string[] = [];
    for (const [path, text] of all) {
      // Generic button words may repeat across dialogs; sentences may not.
      if (text.includes(' ') && seen.has(text)) duplicates.push(`${path} duplicates ${seen.get(text)}`);
      seen.set(text, path);
    }
    expect(duplicates).toEqual([]);
    expect(all.length).toBeGreaterThan(70);
  });

  it('keeps the spec wording, spelling and punctuation (000 §8)', () => {
    expect(messages.statusUpdate.failedDefault).toBe(
      'Error: An error occured updating shipment information. Please try again.',
    );
    expect(messages.common.genericError).toBe('An error occured. Please try again.');
    expect(messages.zip.validateFailed).toBe('An error occurred validating the ZIP code.');
    expect(messages.attachments.accessLevelChangeFailed).toBe(
      'There was a problem changing the access level for this attachment',
    );
    expect(messages.locations.trackingTestUpdateFailed).toBe(
      'Unable to update Shipment location information',
    );
    expect(messages.statusUpdate.notCanceled).toBe('Shipment was not set to canceled.');
    expect(messages.support.ticketSent).toBe('Support Ticket Sent successfully');
    expect(messages.shipment.noCarrier).toBe('No Carrier');
    expect(messages.shipment.noCarrierPhone).toBe('No Carrier Phone');
    expect(messages.locations.noLocationData).toBe('No Location Data Available');
    expect(messages.locations.noLocationTracking).toBe('No Location Tracking Available');
    expect(messages.zip.invalid).toBe('Invalid ZIP code.');
    expect(messages.zip.someInvalid).toBe('One or more zip codes are invalid.');
    expect(messages.pager.headersRequired).toBe('You must provide headers!');
    expect(messages.systemAlerts.loadFailed).toBe('Unable to get system alerts. Please reload the page.');
  });

  it('has the dialogs exactly', () => {
    expect(messages.dialogs.unsavedChanges).toEqual({
      title: 'Warning: Unsaved Data',
      text: 'You have unsaved data on this page. All unsaved changes will be discarded Are you sure you want to leave?',
      confirm: 'Yes, Discard My Changes',
      cancel: 'No, Stay On Page',
    });
    expect(messages.dialogs.deleteBillTo.text).toBe('Are you sure you want to delete the bill to address?');
    expect(messages.dialogs.generic).toEqual({
      title: 'Warning',
      text: 'Are you sure you want to continue?',
      confirm: 'Continue',
      cancel: 'Cancel',
    });
  });

  it('composes the status update failure', () => {
    expect(messages.statusUpdate.failed([])).toBe(
      'Error: An error occured updating shipment information. Please try again.',
    );
    expect(messages.statusUpdate.failed(['Pro number is required.'])).toBe('Error: Pro number is required.');
    expect(messages.statusUpdate.failed(['A.', 'B.'])).toBe('Error: A. B.');
  });

  it('composes the dispatch outcomes', () => {
    expect(messages.dispatch.dispatched).toBe('Shipment has been dispatched. View activity log for details.');
    expect(messages.dispatch.failedWithErrors([])).toBe(
      'Shipment dispatch failed. View activity log for details.',
    );
    expect(messages.dispatch.failedWithErrors(['Carrier rejected.'])).toBe(
      'Shipment dispatch failed. Carrier rejected.',
    );
    expect(messages.dispatch.notAvailable).toBe('Electronic dispatch is not available for this shipment.');
  });

  it('has the search and favorite functions', () => {
    expect(messages.search.searching).toBe('Searching...');
    expect(messages.search.noResults).toBe('No Results Found');
    expect(messages.search.resultsFound(12)).toBe('12 results found.');
    expect(messages.search.unableToSearch('shipments')).toBe('Unable to search shipments. Please try again.');
    expect(messages.favorites.updateFailed('timeout')).toBe('Unable to update favorite. Error: timeout');
  });

  it('shows the first server message when deleting an attachment fails', () => {
    expect(messages.attachments.deleteFailedWith(['Locked by EDI.', 'other'])).toBe('Locked by EDI.');
    expect(messages.attachments.deleteFailedWith([])).toBe(
      'Unable to delete the attachment. Please try again.',
    );
    expect(messages.attachments.deleteFailedWith(undefined)).toBe(
      'Unable to delete the attachment. Please try again.',
    );
  });

  it('has the 001 texts', () => {
    expect(messages.email.recipientRequired).toBe(
      'Please enter a valid email or fax or select a valid contact.',
    );
    expect(messages.email.contactWithoutEmail).toBe('No email available. Contact not added');
    expect(messages.email.documentsNotSent).toBe('Error. Documents not sent. Please try again');
    expect(messages.carrier.confirmationSheetOutOfCompliance).toBe(
      'The Carrier Confirmation Sheet is not available because the carrier is out of compliance.',
    );
    expect(messages.mailbox.allFieldsRequired).toBe(
      'All fields are required to update your mailbox configuration. Please try again.',
    );
    expect(messages.attachments.noFileSelected).toBe(
      'No file was selected. Please select a file to upload and try again.',
    );
    expect(messages.bulkImport.importingFiles).toBe('Importing Files...');
    expect(messages.carrier.portalLinkMissing).toBe('Carrier portal link does not exist!');
    expect(messages.payment.chargeFailed).toBe('Error: Unable to charge customer profile');
  });

  it('is frozen', () => {
    expect(Object.isFrozen(messages)).toBe(true);
    expect(Object.isFrozen(messages.dialogs.unsavedChanges)).toBe(true);
  });
});
