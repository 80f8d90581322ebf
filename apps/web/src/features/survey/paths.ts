import { routeNamed } from '../../app/routes.ts';

/** The consultant's list, where the form returns to. */
export const SURVEY_LIST_PATH = routeNamed('data-usulan-survey').path;

/** The survey form of one proposal (/data-usulan-survey/survey/:proposalId). */
export const surveyFormPath = (proposalId: number) =>
  routeNamed('data-usulan-survey-form').path.replace(':proposalId', String(proposalId));
