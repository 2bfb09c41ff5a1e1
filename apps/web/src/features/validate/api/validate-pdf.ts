import { useMutation } from '@tanstack/react-query';
import type { Language } from '@signet/contracts/common';
import { validationEndpoints } from '@signet/contracts/endpoints/validation';
import { callApi } from '../../../lib/api-client.ts';

const formWith = (file: File) => {
  const form = new FormData();
  form.append('file', file, file.name);
  return form;
};

/** The signatures of a dropped PDF, checked by the API (which keeps nothing of the file). */
export function useValidatePdf() {
  return useMutation({
    mutationFn: (file: File) => callApi(validationEndpoints.validatePdf, { body: formWith(file) }),
  });
}

/** The same check as a PDF report: the file is sent again, since the API kept nothing of it. */
export function fetchReportPdf(file: File, lang: Language): Promise<Blob> {
  return callApi(validationEndpoints.validationReportPdf, { body: formWith(file), query: { lang } });
}
