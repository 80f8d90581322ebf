import idID from 'antd/locale/id_ID';
import dayjs from 'dayjs';
import 'dayjs/locale/id';

/** The UI is Indonesian (spec §1): antd components and dayjs dates alike. */
dayjs.locale('id');

export const ANTD_LOCALE = idID;
