import * as mupdf from 'mupdf';
import { deflateSync } from 'node:zlib';
for (const name of ['Helvetica', 'Helvetica-Bold']) {
  const f = new mupdf.Font(name);
  const doc = new mupdf.PDFDocument();
  const ref = doc.addFont(f);
  const desc = ref.get('DescendantFonts').get(0);
  const ff = desc.get('FontDescriptor').get('FontFile3') ;
  const ffd = ff.isNull() ? desc.get('FontDescriptor').get('FontFile') : ff;
  const raw = ffd.readRawStream().asUint8Array();
  const tu = ref.get('ToUnicode').readStream().asUint8Array();
  const w = desc.get('W').toString();
  console.log(name, f.getName(), 'fontfile raw', raw.length, 'filter', ffd.get('Filter').toString(), 'deflated', deflateSync(ffd.readStream().asUint8Array(),{level:9}).length,
   'tounicode', tu.length, 'deflated', deflateSync(tu,{level:9}).length, 'W', w.length, deflateSync(Buffer.from(w)).length);
  for (const cp of [0x141, 0x17b, 0x3b1, 0x416, 0x20ac, 0x2013]) console.log(' ', cp.toString(16), f.encodeCharacter(cp));
}
