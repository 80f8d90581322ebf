import { ZAsbSurveyor, ZPhotoCategory, ZRoad, ZRoadType, ZWorkNote } from '@eusulan/shared';
import type { FastifyInstance } from 'fastify';
import { asbSurveyors, photoCategories, roads, roadTypes, workNotes } from '../../db/schema/index.ts';
import { registerSimpleMaster } from './simple-master.routes.ts';

/** Master data of spec §7 (admin only). Subdistrict, village, consultant, user and colour come next. */
export async function masterRoutes(app: FastifyInstance) {
  registerSimpleMaster(app, {
    entity: 'road',
    label: 'jalan',
    table: roads,
    schema: ZRoad,
    duplicateName: 'Nama Jalan sudah terdaftar!',
  });
  registerSimpleMaster(app, {
    entity: 'road-type',
    label: 'jenis jalan',
    table: roadTypes,
    schema: ZRoadType,
    duplicateName: 'Jenis Pekerjaan sudah terdaftar!',
  });
  registerSimpleMaster(app, {
    entity: 'photo-category',
    label: 'kategori foto',
    table: photoCategories,
    schema: ZPhotoCategory,
    duplicateName: 'Nama Kategori Foto sudah terdaftar!',
  });
  registerSimpleMaster(app, {
    entity: 'asb-surveyor',
    label: 'ASB Surveyor',
    table: asbSurveyors,
    schema: ZAsbSurveyor,
    extraFields: ['price'],
    extraSortable: { price: asbSurveyors.price },
    duplicateName: 'Nama ASB sudah terdaftar!',
  });
  registerSimpleMaster(app, {
    entity: 'work-note',
    label: 'catatan pekerjaan',
    table: workNotes,
    schema: ZWorkNote,
    extraFields: ['description'],
    duplicateName: 'Nama Catatan Pekerjaan sudah terdaftar!',
  });
}
