import { readFile } from 'node:fs/promises';
import { kml as kmlToGeoJson } from '@tmcw/togeojson';
import { DOMParser } from '@xmldom/xmldom';
import { type LayerSummary, type PendingWork, WorkCollector } from './completed-work-features.ts';
import { geoJsonProjection, WGS84 } from './completed-work-projection.ts';
import { ImportRefused } from './completed-work-reasons.ts';

// Reading a GeoJSON or KML layer (KML through togeojson): each feature to the WorkCollector.

function collectFeatures(collection: unknown, collector: WorkCollector) {
  const document = collection as {
    type?: unknown;
    features?: unknown;
    geometry?: unknown;
    properties?: unknown;
  };
  const features =
    document?.type === 'FeatureCollection' && Array.isArray(document.features)
      ? document.features
      : document?.type === 'Feature'
        ? [document]
        : null;
  if (!features) {
    throw new ImportRefused(['Berkas GeoJSON harus berupa FeatureCollection atau Feature garis.']);
  }
  for (const feature of features as { properties?: unknown; geometry?: unknown }[]) {
    if (collector.stopped) break;
    const properties =
      feature?.properties && typeof feature.properties === 'object'
        ? (feature.properties as Record<string, unknown>)
        : null;
    collector.add(properties, feature?.geometry);
  }
  return collector.finish();
}

export async function readGeoJson(
  filePath: string,
  sink: (work: PendingWork) => void,
): Promise<LayerSummary> {
  let document: unknown;
  try {
    document = JSON.parse((await readFile(filePath, 'utf8')).replace(/^\uFEFF/, ''));
  } catch {
    throw new ImportRefused(['Berkas GeoJSON tidak dapat dibaca (JSON tidak valid).']);
  }
  const project = geoJsonProjection(document as { crs?: { properties?: { name?: unknown } } });
  return collectFeatures(document, new WorkCollector(project, false, sink));
}

export async function readKml(filePath: string, sink: (work: PendingWork) => void): Promise<LayerSummary> {
  let collection: unknown;
  try {
    const text = await readFile(filePath, 'utf8');
    const document = new DOMParser({
      onError: (level, message) => {
        if (level !== 'warning') throw new Error(message);
      },
    }).parseFromString(text, 'text/xml');
    collection = kmlToGeoJson(document);
  } catch {
    throw new ImportRefused(['Berkas KML tidak dapat dibaca (XML tidak valid).']);
  }
  // KML coordinates are WGS84 longitude, latitude (OGC KML 2.2).
  return collectFeatures(collection, new WorkCollector(WGS84, true, sink));
}
