import '../../../test/setup.ts';
import { messages } from '@loadline/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithShell } from '../../../../ui/test/helpers.tsx';
import { attachment } from '../../../test/fixtures.ts';
import type { UploadOutcome, UploadRequest } from '../../api/upload.ts';
import { UploadWidget } from './UploadWidget.tsx';

// jsdom's XMLHttpRequest cannot send a FormData with a file through msw, so these tests give the widget its
// transport: a stand-in that reports progress and answers like the service. The real upload (XHR through
// the gateway to the service) runs in the attachments journey.
function transport(answer: UploadOutcome) {
  const requests: UploadRequest[] = [];
  let release: () => void = () => undefined;
  const sent = new Promise<void>((resolve) => {
    release = resolve;
  });
  const upload = async (request: UploadRequest, onProgress: (sent: number, total: number) => void) => {
    requests.push(request);
    onProgress(request.file.size / 2, request.file.size);
    await sent;
    return answer;
  };
  return { upload, requests, release: () => release() };
}

const pick = (name: string, content = '%PDF-1.4 test') =>
  fireEvent.change(screen.getByLabelText('File'), {
    target: { files: [new File([content], name, { type: 'application/pdf' })] },
  });

describe('UploadWidget (001 §4: upload, confirm, processing, success or error)', () => {
  it("says 'No file was selected...' when Upload is pressed without a file", () => {
    renderWithShell(<UploadWidget shipmentId={10005} canChooseAccess onUploaded={vi.fn()} />);
    fireEvent.click(screen.getByRole('button', { name: 'Upload' }));
    expect(within(screen.getByRole('group', { name: 'Upload' })).getByRole('alert').textContent).toBe(
      messages.attachments.noFileSelected,
    );
  });

  it('guesses the type from the name, asks to confirm, sends the file and the fields, then shows success', async () => {
    const t = transport({ ok: true, data: attachment({ fileName: 'signed pod.pdf' }) });
    const onUploaded = vi.fn();
    renderWithShell(
      <UploadWidget shipmentId={10005} canChooseAccess onUploaded={onUploaded} upload={t.upload} />,
    );
    pick('signed pod.pdf');
    expect((screen.getByLabelText('Type') as HTMLSelectElement).value).toBe('POD');
    expect((screen.getByLabelText('Access level') as HTMLSelectElement).value).toBe('0');
    // 001 §4: choosing a carrier bill makes it Private by default.
    fireEvent.change(screen.getByLabelText('Type'), { target: { value: 'CarrierBill' } });
    expect((screen.getByLabelText('Access level') as HTMLSelectElement).value).toBe('1');
    fireEvent.change(screen.getByLabelText('Type'), { target: { value: 'POD' } });
    fireEvent.click(screen.getByRole('button', { name: 'Upload' }));
    expect(screen.getByText(/^Upload signed pod\.pdf \(\d+ B\) as POD, Public\?$/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    // Processing: the progress is read every 500 ms (001 §9).
    const bar = (await screen.findByLabelText('Upload progress')) as HTMLProgressElement;
    await waitFor(() => expect(bar.value).toBe(50), { timeout: 2000 });
    t.release();
    await screen.findByText('signed pod.pdf was uploaded.');
    expect(onUploaded).toHaveBeenCalledWith(expect.objectContaining({ fileName: 'signed pod.pdf' }));
    expect(t.requests[0]).toMatchObject({
      shipmentId: 10005,
      attachmentType: 'POD',
      accessLevel: 0,
      title: '',
    });
    expect(t.requests[0]?.file.name).toBe('signed pod.pdf');
  });

  it("shows the server's reason on an error and goes back to the upload on Try again", async () => {
    const t = transport({
      ok: false,
      status: 415,
      error: {
        statusCode: 415,
        error: 'Unsupported Media Type',
        message: 'pod.pdf is a program (EXE), not a document: programs cannot be attached.',
      },
    });
    t.release();
    renderWithShell(
      <UploadWidget shipmentId={10005} canChooseAccess={false} onUploaded={vi.fn()} upload={t.upload} />,
    );
    expect(screen.queryByLabelText('Access level')).toBeNull();
    pick('pod.pdf', 'MZ');
    fireEvent.click(screen.getByRole('button', { name: 'Upload' }));
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    const alert = await within(screen.getByRole('group', { name: 'Upload' })).findByRole('alert');
    expect(alert.textContent).toContain(messages.attachments.uploadFailed);
    expect(alert.textContent).toContain(
      'pod.pdf is a program (EXE), not a document: programs cannot be attached.',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Upload' })).toBeTruthy());
  });
});
