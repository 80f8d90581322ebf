import { asbItemCost, type TSurvey, type TSurveyHistoryItem, type TSurveyRoad } from '@eusulan/shared';
import type { LoadedSurvey } from './survey.queries.ts';

export const surveyPhotoLink = (id: number) => `/api-web/media/survey-photo/${id}`;
export const surveyVideoLink = (id: number) => `/api-web/media/survey-video/${id}`;

const instant = (value: Date | string | null) =>
  value === null ? null : (value instanceof Date ? value : new Date(value)).toISOString();

/** Who may see money: everyone but umum (spec §6). */
export interface MoneyVisibility {
  showNominal: boolean;
}

function presentRoads(survey: LoadedSurvey, { showNominal }: MoneyVisibility): TSurveyRoad[] {
  return survey.roads.map((road) => {
    const items = road.items.map((item) => {
      const long = Number(item.long);
      const wide = Number(item.wide);
      const price = Number(item.unitPrice);
      return {
        id: item.asbSurveyorId,
        name: item.name,
        price: showNominal ? price : null,
        surveyRoadAsbSurveyor: { long, wide },
        cost: showNominal ? asbItemCost(long, wide, price) : null,
      };
    });
    return {
      id: road.id,
      drawLine: { lokasi: road.drawLine },
      asbSurveyors: items,
      total: showNominal ? roundRupiah(items.reduce((sum, item) => sum + (item.cost ?? 0), 0)) : null,
    };
  });
}

const roundRupiah = (value: number) => Math.round(value * 100) / 100;

/** Spec §3 Survey, with the money hidden from umum. */
export function presentSurvey(survey: LoadedSurvey, visibility: MoneyVisibility): TSurvey {
  const roads = presentRoads(survey, visibility);
  return {
    id: survey.id,
    proposalId: survey.proposalId,
    isDraft: survey.isDraft,
    createdAt: instant(survey.createdAt),
    updatedAt: instant(survey.updatedAt),
    submittedAt: instant(survey.submittedAt),
    surveyorName: survey.surveyorName,
    roadCondition: survey.roadCondition,
    canalExisting: survey.canalExisting,
    canalCondition: survey.canalCondition,
    damageIdentification: survey.damageIdentification,
    suggestion: survey.suggestion,
    roadTypes: survey.roadTypes,
    surveyRoad: roads,
    surveyPhotos: survey.photos.map((photo) => ({
      id: photo.id,
      name: photo.name,
      ext: photo.ext,
      size: Number(photo.size),
      link: surveyPhotoLink(photo.id),
      photoCategory:
        photo.categoryId && photo.categoryName ? { id: photo.categoryId, name: photo.categoryName } : null,
      description: photo.description,
    })),
    surveyVideos: survey.videos.map((video) => ({
      id: video.id,
      name: video.name,
      ext: video.ext,
      size: Number(video.size),
      link: surveyVideoLink(video.id),
      description: video.description,
    })),
    total: visibility.showNominal
      ? roundRupiah(roads.reduce((sum, road) => sum + (road.total ?? 0), 0))
      : null,
  };
}

export function presentSurveyHistoryItem(
  survey: LoadedSurvey,
  visibility: MoneyVisibility,
): TSurveyHistoryItem {
  return {
    id: survey.id,
    createdAt: instant(survey.submittedAt ?? survey.createdAt)!,
    roadTypes: survey.roadTypes,
    surveyRoad: presentRoads(survey, visibility),
  };
}

/** What GET /api/survey/{id} answers when no draft is open: an empty form. */
export function emptySurvey(proposalId: number): TSurvey {
  return {
    id: null,
    proposalId,
    isDraft: true,
    createdAt: null,
    updatedAt: null,
    submittedAt: null,
    surveyorName: null,
    roadCondition: '',
    canalExisting: '',
    canalCondition: '',
    damageIdentification: '',
    suggestion: '',
    roadTypes: [],
    surveyRoad: [],
    surveyPhotos: [],
    surveyVideos: [],
    total: 0,
  };
}
