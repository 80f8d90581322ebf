import { closeSync, createReadStream, openSync, writeSync } from 'node:fs';
import { createInterface } from 'node:readline';
import {
  completeWork,
  type LayerSummary,
  type PackageFigures,
  type ParsedWork,
  type PendingWork,
} from './completed-work-features.ts';
import { readGeoJson, readKml } from './completed-work-geojson-kml.ts';
import type { Area } from './completed-work-projection.ts';
import { ImportRefused } from './completed-work-reasons.ts';
import { readShapefile } from './completed-work-shapefile-reader.ts';
import type { ExtractedLayer } from './completed-work-zip.ts';

// Reading the layer a completed-work zip holds, by its format (shapefile, GeoJSON, KML), each feature handed
// to the WorkCollector (completed-work-features.ts). Runs in a worker thread: the works go to a file the
// import reads back one at a time.

/**
 * Reads the extracted layer: every feature checked (attributes, line geometry, coordinates in range after
 * projection to WGS84), lengths measured from the line and compared with PJG_LOKASI, each good work handed
 * to the sink. Throws ImportRefused with the reasons when any feature is bad; warnings never refuse.
 */
export function readLayer(
  layer: ExtractedLayer,
  sink: (work: PendingWork) => void,
  area: Area,
): Promise<LayerSummary> {
  if (layer.kind === 'shapefile') return readShapefile(layer, sink, area);
  if (layer.kind === 'geojson') return readGeoJson(layer.path, sink);
  return readKml(layer.path, sink);
}

/** What the parsing thread answers: the layer's summary, or the reasons it is refused. */
export type LayerOutcome = { summary: LayerSummary } | { reasons: string[] };

/** Lines of works are written in batches of about this many characters. */
const WRITE_BATCH = 1024 * 1024;

/**
 * readLayer as the parsing thread runs it: the works go to worksFile, one JSON line each, as they are
 * checked, so the thread never holds the layer and the main thread reads it back one work at a time
 * (readWorksFile). A refusal is an answer, not an error.
 */
export async function readLayerToFile(
  layer: ExtractedLayer,
  worksFile: string,
  area: Area,
): Promise<LayerOutcome> {
  const file = openSync(worksFile, 'w');
  let batch = '';
  try {
    const summary = await readLayer(
      layer,
      (work) => {
        batch += `${JSON.stringify(work)}\n`;
        if (batch.length < WRITE_BATCH) return;
        writeSync(file, batch);
        batch = '';
      },
      area,
    );
    writeSync(file, batch);
    return { summary };
  } catch (error) {
    if (error instanceof ImportRefused) return { reasons: error.reasons };
    throw error;
  } finally {
    closeSync(file);
  }
}

/** The works readLayerToFile wrote, in file order, completed with their package's figures. */
export async function* readWorksFile(
  worksFile: string,
  packages: Record<string, PackageFigures>,
): AsyncIterable<ParsedWork> {
  const lines = createInterface({ input: createReadStream(worksFile), crlfDelay: Number.POSITIVE_INFINITY });
  for await (const line of lines) {
    if (line) yield completeWork(JSON.parse(line) as PendingWork, packages);
  }
}
