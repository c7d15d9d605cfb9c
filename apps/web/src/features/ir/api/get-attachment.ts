import { useMutation } from '@tanstack/react-query';
import { useDownloadFile } from '../../../lib/download';

export interface AttachmentRef {
  caseNo: string;
  id: string;
  fileName: string;
}

/** `GET /ir/grievances/{caseNo}/attachments/{id}`: an action's file, handed to the browser. */
export const attachmentPath = ({ caseNo, id }: AttachmentRef) =>
  `/ir/grievances/${encodeURIComponent(caseNo)}/attachments/${encodeURIComponent(id)}`;

export function useDownloadAttachment() {
  const download = useDownloadFile('ir');
  return useMutation({
    mutationFn: (attachment: AttachmentRef) => download(attachmentPath(attachment), attachment.fileName),
  });
}
